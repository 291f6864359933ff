import { FakeModelClient } from '@quarry/core/testing';
import { loadSamples } from '@quarry/samples';
import { invoiceWorkflow } from '@quarry/workflows';
import { describe, expect, it } from 'vitest';
import { naiveExtract } from './naive-loop';

const [sample] = loadSamples('invoice');
if (!sample) throw new Error('no invoice sample');
const wrong = { ...sample.truth, total: -1 };

/** The sample through the naive loop on `model`, at most three calls. */
const threeTries = (model: FakeModelClient) =>
  naiveExtract({
    model,
    workflow: invoiceWorkflow,
    input: { text: sample.text },
    modelId: 'claude-sonnet-4-6',
    maxAttempts: 3,
  });

describe('naiveExtract (the token-economics baseline)', () => {
  it('resends the whole growing transcript on every retry, with no cache breakpoint', async () => {
    const model = new FakeModelClient([
      { json: wrong },
      { json: { ...wrong, total: -2 } },
      { json: sample.truth },
    ]);
    const outcome = await threeTries(model);
    expect(outcome).toMatchObject({ valid: true, calls: 3 });
    expect(outcome.usage).toEqual({
      inputTokens: 300,
      outputTokens: 60,
      cacheCreationInputTokens: 0,
      cacheReadInputTokens: 0,
    });
    expect(model.requests.map((request) => request.messages.length)).toEqual([1, 3, 5]);
    // Each request starts with the previous one, whole: nothing is dropped or summarised.
    expect(model.requests[2]?.messages.slice(0, 3)).toEqual(model.requests[1]?.messages);
    const parts = model.requests.flatMap((request) => request.messages.flatMap((message) => message.content));
    expect(parts.some((part) => part.type === 'text' && part.cacheBreakpoint)).toBe(false);
  });

  it('stops after maxAttempts calls without a valid reply', async () => {
    const model = new FakeModelClient(() => ({ json: wrong }));
    const outcome = await threeTries(model);
    expect(outcome).toMatchObject({ valid: false, calls: 3 });
    expect(model.calls).toBe(3);
  });
});
