import { APIUserAbortError } from '@anthropic-ai/sdk';
import { extract, type ModelRequest, ModelTransportError } from '@quarry/core';
import { InMemoryAttemptStore } from '@quarry/core/testing';
import type { Standin, StandinReply } from '@quarry/standin';
import { invoiceWorkflow } from '@quarry/workflows';
import { describe, expect, it, vi } from 'vitest';
import { createAnthropicModelClient } from './create-anthropic-model-client';
import { standinsClosedAfterEach } from './test-fixtures/started-standins';

const startTestStandin = standinsClosedAfterEach();
const standinWith = (script: readonly StandinReply[]): Promise<Standin> => startTestStandin({ script });

const request = (maxTokens: number): ModelRequest => ({
  model: 'claude-test-1',
  maxTokens,
  strategy: 'structured',
  toolName: 'record_answer',
  outputSchema: { type: 'object', properties: { total: { type: 'number' } }, required: ['total'] },
  system: 'Extract.',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'Total: 3', cacheBreakpoint: true }] }],
});

/** The settled outcome of a promise that must fail. */
async function failure(promise: Promise<unknown>): Promise<unknown> {
  return promise.then(
    () => {
      throw new Error('expected the call to fail');
    },
    (error: unknown) => error,
  );
}

// Streaming above 16 000 max tokens is the adapter's default; 4096 is sent as one JSON answer.
const modes = [
  ['a JSON answer', 4096],
  ['a streamed answer', 20_000],
] as const;

describe('one deadline over the whole Messages API call (real SDK against the stand-in)', () => {
  it.each(modes)(
    'aborts %s whose body stalls after the headers, as a transient error',
    async (_, maxTokens) => {
      const standin = await standinWith([{ kind: 'stall' }]);
      const model = createAnthropicModelClient({ apiKey: 'test-key', baseURL: standin.url, timeoutMs: 300 });
      const error = await failure(model.generate(request(maxTokens)));
      expect(error).toBeInstanceOf(ModelTransportError);
      expect(error).toMatchObject({
        kind: 'transient',
        status: null,
        message: 'The Messages API call did not complete within 300 ms (headers and body); it was aborted',
      });
      expect(standin.stats.byStatus).toEqual({ stall: 1 });
    },
  );

  it.each(modes)('still rethrows an abort through the caller signal as it is (%s)', async (_, maxTokens) => {
    const standin = await standinWith([{ kind: 'stall' }]);
    const model = createAnthropicModelClient({ apiKey: 'test-key', baseURL: standin.url, timeoutMs: 60_000 });
    const controller = new AbortController();
    const call = failure(model.generate(request(maxTokens), { signal: controller.signal }));
    // Abort once the stand-in has started the stalled answer.
    await vi.waitUntil(() => standin.stats.byStatus.stall === 1, { timeout: 10_000, interval: 10 });
    controller.abort();
    const error = await call;
    // Not a transport error: the SDK's APIUserAbortError, or fetch's AbortError once the body was being read.
    expect(error).not.toBeInstanceOf(ModelTransportError);
    expect(error instanceof APIUserAbortError || (error as Error).name === 'AbortError').toBe(true);
  });

  it('row 51: a reply whose body stalls after its headers -> does not count a stalled call as an attempt: extract() fails transient with no attempt saved', async () => {
    const standin = await standinWith([{ kind: 'stall' }]);
    const model = createAnthropicModelClient({ apiKey: 'test-key', baseURL: standin.url, timeoutMs: 300 });
    const store = new InMemoryAttemptStore();
    const error = await failure(
      extract({
        workflow: invoiceWorkflow,
        input: { text: 'Invoice INV-1, total 3.00 EUR' },
        model,
        modelId: 'claude-haiku-4-5',
        attempts: { store, jobKey: 'job-stalled', inputHash: 'input-of-job-stalled' },
      }),
    );
    expect(error).toMatchObject({ name: 'ModelTransportError', kind: 'transient' });
    expect(await store.load('job-stalled')).toEqual([]);
  });
});
