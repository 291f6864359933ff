import { describe, expect, it } from 'vitest';
import { InMemoryAttemptStore } from '../attempts/in-memory-attempt-store';
import { ModelTransportError } from '../errors/model-transport-error';
import type { ModelRequest } from '../model/model-request';
import { FakeModelClient } from './fake-model-client';

const request = (strategy: ModelRequest['strategy']): ModelRequest => ({
  model: 'claude-haiku-4-5',
  maxTokens: 100,
  strategy,
  toolName: 'submit_x',
  outputSchema: { type: 'object' },
  system: 's',
  messages: [{ role: 'user', content: [{ type: 'text', text: 'doc' }] }],
});

describe('FakeModelClient', () => {
  it('answers json as text or as a call of the answer tool, following the strategy, and records requests', async () => {
    const model = new FakeModelClient([{ json: { a: 1 } }, { json: { a: 1 }, usage: { outputTokens: 7 } }]);
    const structured = await model.generate(request('structured'));
    const tool = await model.generate(request('tool'));
    expect(structured).toEqual({
      content: [{ type: 'text', text: '{"a":1}' }],
      stopReason: 'end_turn',
      usage: { inputTokens: 100, outputTokens: 20, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
      requestId: 'req_fake_1',
      model: 'claude-haiku-4-5',
      messageId: 'msg_fake_1',
      refusalCategory: null,
      cacheMissReason: null,
      fallbackFrom: null,
    });
    expect(tool).toMatchObject({
      content: [{ type: 'tool_call', id: 'toolu_fake_2', name: 'submit_x', input: { a: 1 } }],
      stopReason: 'tool_use',
      usage: { outputTokens: 7 },
    });
    expect(model.requests.map((r) => r.strategy)).toEqual(['structured', 'tool']);
  });

  it('throws scripted errors and says when the script ran out', async () => {
    const error = new ModelTransportError({ kind: 'transient', message: 'overloaded', status: 529 });
    const model = new FakeModelClient([error]);
    await expect(model.generate(request('structured'))).rejects.toBe(error);
    await expect(model.generate(request('structured'))).rejects.toThrow(
      'FakeModelClient: the script has 1 replies, but call 2 was made',
    );
    expect(model.calls).toBe(2);
  });

  it('answers from a function of the request and call number', async () => {
    const model = new FakeModelClient((req, call) => ({ text: `${req.toolName} ${call}` }));
    await model.generate(request('structured'));
    expect(await model.generate(request('structured'))).toMatchObject({
      content: [{ type: 'text', text: 'submit_x 2' }],
    });
  });
});

describe('InMemoryAttemptStore', () => {
  it('keeps copies per job, in order', async () => {
    const store = new InMemoryAttemptStore();
    const record = {
      n: 1,
      startedAt: '2025-01-01T00:00:00.000Z',
      durationMs: 1,
      model: 'm',
      strategy: 'structured' as const,
      maxTokens: 10,
      stopReason: 'end_turn',
      requestId: null,
      rawOutput: '{}',
      rawOutputTruncated: false,
      toolCallId: null,
      issues: [],
      usage: { inputTokens: 1, outputTokens: 1, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
      costUsd: null,
    };
    await store.append('a', record);
    await store.append('a', { ...record, n: 2 });
    record.rawOutput = 'mutated';
    expect((await store.load('a')).map((r) => [r.n, r.rawOutput])).toEqual([
      [1, '{}'],
      [2, '{}'],
    ]);
    expect(await store.load('b')).toEqual([]);
    await store.clear('a');
    expect(await store.load('a')).toEqual([]);
  });
});
