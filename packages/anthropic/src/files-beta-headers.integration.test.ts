import type { ModelRequest } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { createAnthropicModelClient } from './create-anthropic-model-client';
import { createFilesUploader, filesApiBeta } from './create-files-uploader';
import { standinsClosedAfterEach } from './test-fixtures/started-standins';

const startTestStandin = standinsClosedAfterEach();
/** A 1×1 PNG. */
const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=',
  'base64',
);

const requestFor = (ref: ModelRequest['messages'][number]['content'][number]): ModelRequest => ({
  model: 'claude-haiku-4-5',
  maxTokens: 256,
  strategy: 'tool',
  toolName: 'extract',
  outputSchema: { type: 'object', properties: { title: { type: 'string' } } },
  system: 'Extract the title.',
  messages: [{ role: 'user', content: [ref, { type: 'text', text: 'Extract the title.' }] }],
});

describe('the Files API beta on Messages calls', () => {
  it('is named by a call referencing a file (beside the fallback beta), and by no other call', async () => {
    const standin = await startTestStandin({ script: () => ({ kind: 'json', value: { title: 'x' } }) });
    const fileId = await createFilesUploader({ apiKey: 'k', baseURL: standin.url, timeoutMs: 5000 }).upload({
      bytes: png,
      mediaType: 'image/png',
      filename: 'sha256-png',
      expiresInSeconds: 3600,
    });
    const model = createAnthropicModelClient({ apiKey: 'k', baseURL: standin.url, maxRetries: 0 });
    const byFile = requestFor({ type: 'document', mediaType: 'image/png', ref: { type: 'file', fileId } });
    await model.generate(byFile);
    await model.generate({ ...byFile, fallbacks: ['claude-haiku-4-5'] });
    const inline = png.toString('base64');
    await model.generate(
      requestFor({ type: 'document', mediaType: 'image/png', ref: { type: 'base64', data: inline } }),
    );
    const betas = standin.requests.map((request) => request.headers['anthropic-beta']);
    expect(betas[0]).toBe(filesApiBeta);
    expect(String(betas[1]).split(',')).toEqual(['server-side-fallback-2026-07-01', filesApiBeta]);
    expect(betas[2]).toBeUndefined();
  });
});
