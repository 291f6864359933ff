import { createServer, type Server } from 'node:http';
import Anthropic from '@anthropic-ai/sdk';
import { afterEach, describe, expect, it } from 'vitest';
import { CallDeadlineError } from './call-deadline-error';
import { createFilesUploader } from './create-files-uploader';
import { standinsClosedAfterEach } from './test-fixtures/started-standins';

const startTestStandin = standinsClosedAfterEach();
const pdf = new Uint8Array(Buffer.from('%PDF-1.7\n% stored, never read\n'));

describe('the Files uploader', () => {
  it('uploads with an expiry, and tells a file the API still has from one it no longer knows', async () => {
    const standin = await startTestStandin({ script: [], apiKey: 'test-key' });
    const uploader = createFilesUploader({ apiKey: 'test-key', baseURL: standin.url, timeoutMs: 5000 });
    const fileId = await uploader.upload({
      bytes: pdf,
      mediaType: 'application/pdf',
      filename: 'sha256-x',
      expiresInSeconds: 3600,
    });
    expect(standin.stats.files).toMatchObject({ uploaded: 1, stored: 1 });
    expect(await uploader.exists({ fileId })).toBe(true);
    const client = new Anthropic({ apiKey: 'test-key', baseURL: standin.url, maxRetries: 0 });
    await client.beta.files.delete(fileId);
    expect(await uploader.exists({ fileId })).toBe(false);
    expect(await uploader.exists({ fileId: 'file_never_made' })).toBe(false);
  });

  it('throws when it cannot tell: another key is refused, not taken for a missing file', async () => {
    const standin = await startTestStandin({ script: [], apiKey: 'test-key' });
    const stranger = createFilesUploader({ apiKey: 'other-key', baseURL: standin.url, timeoutMs: 5000 });
    await expect(stranger.exists({ fileId: 'file_x' })).rejects.toBeInstanceOf(Anthropic.AuthenticationError);
  });

  describe('against an API whose answer stalls after its headers', () => {
    let server: Server | null = null;
    afterEach(() => {
      server?.closeAllConnections();
      server?.close();
      server = null;
    });
    const stallingApi = async (): Promise<string> => {
      server = createServer((request, response) => {
        request.resume();
        response.writeHead(200, { 'content-type': 'application/json' });
        response.write('{"id":');
      });
      const listening = server;
      await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
      return `http://127.0.0.1:${(listening.address() as { port: number }).port}`;
    };

    it('row 143: a Files API upload or metadata answer -> ends the upload and the existence check at their one deadline', async () => {
      const uploader = createFilesUploader({ apiKey: 'k', baseURL: await stallingApi(), timeoutMs: 300 });
      const upload = uploader.upload({
        bytes: pdf,
        mediaType: 'application/pdf',
        filename: 'sha256-x',
        expiresInSeconds: 3600,
      });
      await expect(upload).rejects.toBeInstanceOf(CallDeadlineError);
      await expect(upload).rejects.toMatchObject({ operation: 'The Files API upload', timeoutMs: 300 });
      await expect(uploader.exists({ fileId: 'file_x' })).rejects.toBeInstanceOf(CallDeadlineError);
    });
  });
});
