import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { ResolvedDocument } from '../document/resolved-document';
import { defineWorkflow } from '../workflow/define-workflow';
import { buildRequest } from './build-request';
import type { CachePlacement } from './cache-placement';

const workflow = defineWorkflow({
  name: 'note',
  version: 1,
  description: 'Notes',
  input: z.object({ text: z.string().optional() }),
  output: z.object({ title: z.string() }),
  rules: [],
  instructions: 'Extract the title.',
});
const document: ResolvedDocument = {
  mediaType: 'application/pdf',
  ref: { type: 'file', fileId: 'file_1' },
  text: 'Shopping',
  pageStarts: [0],
  estimatedTokens: 3100,
};
const base = { workflow, model: 'claude-sonnet-4-5', maxTokens: 1024, strategy: 'structured' } as const;

describe('buildRequest with a document', () => {
  const task = 'Extract the data from the document above and answer with the JSON object.';
  const placed: CachePlacement = {
    shared: { place: false, reason: 'below_minimum' },
    document: { place: true, reason: 'retry_likely' },
  };

  it("leads the first turn with the document, the job breakpoint on the turn's last part when placed", () => {
    const request = buildRequest({ ...base, input: {}, document, cache: placed });
    expect(request.messages[0]?.content).toEqual([
      {
        type: 'document',
        mediaType: 'application/pdf',
        ref: { type: 'file', fileId: 'file_1' },
        estimatedTokens: 3100,
      },
      { type: 'text', text: task, cacheBreakpoint: true },
    ]);
    const unplaced = buildRequest({ ...base, input: {}, document });
    expect(unplaced.messages[0]?.content.some((part) => 'cacheBreakpoint' in part)).toBe(false);
  });

  it('puts the text beside the document after it', () => {
    const request = buildRequest({ ...base, input: { text: 'a note' }, document, cache: placed });
    expect(request.messages[0]?.content).toEqual([
      {
        type: 'document',
        mediaType: 'application/pdf',
        ref: { type: 'file', fileId: 'file_1' },
        estimatedTokens: 3100,
      },
      { type: 'text', text: '<document>\na note\n</document>' },
      { type: 'text', text: task, cacheBreakpoint: true },
    ]);
  });

  it('refuses a job with neither text nor a document, naming the workflow', () => {
    expect(() => buildRequest({ ...base, input: {} })).toThrow(/note@v1: no document text/);
  });
});
