import type { DlqRecord } from '@quarry/queue';
import { buildDlqRecord, type DlqReasonKind } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { planReplayStep } from './replay-plan';
import { attempt, testRegistry } from './test-fixtures/triage-test-kit';

function record(data: unknown, kind: DlqReasonKind = 'validation_exhausted', workflow?: string): DlqRecord {
  return buildDlqRecord({
    job: { id: 'job-1', timestamp: Date.parse('2025-06-01T00:00:00Z'), data, attemptsMade: 1 },
    reason: { kind, message: 'failed' },
    attempts: [attempt(1)],
    deadLetteredAt: new Date('2025-06-01T00:01:00Z'),
    ...(workflow === undefined ? {} : { workflow }),
  });
}

const options = {
  registry: testRegistry(),
  overrides: {},
  force: false,
  maxRedrives: 3,
  allowedModels: ['claude-haiku-4-5'],
};

describe('planReplayStep', () => {
  it('keeps the original job data and lets new overrides win over earlier ones', () => {
    const kept = {
      workflow: 'note',
      version: 1,
      input: { text: 'hello' },
      historyScope: 'tenant-a',
      metadata: { orderId: 7 },
    };
    const step = planReplayStep(
      record({
        ...kept,
        overrides: { model: 'claude-haiku-4-5', maxAttempts: 2 },
        lineage: { rootJobId: 'root', replayOf: 'dlq-before', redriveCount: 1 },
      }),
      { ...options, overrides: { maxAttempts: 6 } },
    );
    expect(step).toMatchObject({
      action: 'replay',
      newJobId: `replay-${step.dlqId}-2`,
      data: {
        ...kept,
        overrides: { model: 'claude-haiku-4-5', maxAttempts: 6 },
        lineage: { rootJobId: 'root', replayOf: step.dlqId, redriveCount: 2 },
      },
    });
  });

  it("keeps the original job's budget: a replay may not spend more than the producer allowed", () => {
    const budget = { maxTokens: 30_000, maxCostUsd: 0.2 };
    const step = planReplayStep(
      record({ workflow: 'note', version: 1, input: { text: 'hi' }, budget }),
      options,
    );
    expect(step).toMatchObject({ action: 'replay', data: { budget } });
  });

  it('keeps an evaluation job one: its replay stays out of production history, review and statistics', () => {
    const evaluation = { runId: 'run-1', itemId: 'item-7', lessons: 'off' };
    const step = planReplayStep(
      record({ workflow: 'note', version: 1, input: { text: 'hi' }, evaluation }),
      options,
    );
    expect(step).toMatchObject({ action: 'replay', data: { evaluation } });
    const bad = planReplayStep(
      record({
        workflow: 'note',
        version: 1,
        input: { text: 'hi' },
        evaluation: { runId: 'a b', itemId: 'i' },
      }),
      options,
    );
    expect(bad).toMatchObject({
      action: 'invalid',
      error: expect.stringContaining('evaluation.runId: must be a run id'),
    });
  });

  it('refuses a payload that names no workflow', () => {
    const step = planReplayStep(record('not an object', 'invalid_payload'), options);
    expect(step).toEqual({
      action: 'invalid',
      dlqId: step.dlqId,
      error: 'the dead-lettered job names no workflow',
    });
  });

  it('refuses a job whose data still breaks the contract, naming the problem', () => {
    const step = planReplayStep(record({ workflow: 'note', version: 1 }, 'invalid_payload'), options);
    expect(step).toEqual({
      action: 'invalid',
      dlqId: step.dlqId,
      error: 'the replayed job data breaks the job contract: input: is required (the workflow input)',
    });
  });

  it('refuses an unregistered workflow, also for the latest version', () => {
    const data = { workflow: 'gone', version: 1, input: { text: 'x' } };
    for (const overrides of [{}, { toVersion: 'latest' as const }]) {
      const step = planReplayStep(record(data, 'unknown_workflow'), { ...options, overrides });
      expect(step).toMatchObject({ action: 'invalid', error: 'workflow "gone" is not registered' });
    }
  });

  it('row 89: refuses a model the workers would refuse, new or carried over from the original job', () => {
    const data = { workflow: 'note', version: 1, input: { text: 'x' } };
    const refused = (model: string) =>
      `overrides.model: model "${model}" is not allowed for workflow "note" (allowed: claude-haiku-4-5; add it to QUARRY_ALLOWED_MODELS)`;
    const replayed = planReplayStep(record(data), { ...options, overrides: { model: 'claude-x-1' } });
    expect(replayed).toEqual({ action: 'invalid', dlqId: replayed.dlqId, error: refused('claude-x-1') });
    const carried = planReplayStep(record({ ...data, overrides: { model: 'claude-x-2' } }), options);
    expect(carried).toMatchObject({ action: 'invalid', error: refused('claude-x-2') });
    const fixed = planReplayStep(record({ ...data, overrides: { model: 'claude-x-2' } }), {
      ...options,
      overrides: { model: 'claude-haiku-4-5' },
    });
    expect(fixed).toMatchObject({ action: 'replay', data: { overrides: { model: 'claude-haiku-4-5' } } });
  });

  it("keeps the original job's ladder, or replaces it with the one model a replay names", () => {
    const data = {
      workflow: 'note',
      version: 1,
      input: { text: 'x' },
      overrides: { models: ['claude-haiku-4-5'] },
    };
    const kept = planReplayStep(record(data), options);
    expect(kept).toMatchObject({ action: 'replay', data: { overrides: { models: ['claude-haiku-4-5'] } } });
    const single = planReplayStep(record(data), { ...options, overrides: { model: 'claude-haiku-4-5' } });
    expect(single).toMatchObject({ action: 'replay', data: { overrides: { model: 'claude-haiku-4-5' } } });
    expect(single.action === 'replay' && single.data.overrides).not.toHaveProperty('models');
    const refused = planReplayStep(
      record({ ...data, overrides: { models: ['claude-haiku-4-5', 'claude-x-3'] } }),
      options,
    );
    expect(refused).toMatchObject({
      action: 'invalid',
      error:
        'overrides.models[1]: model "claude-x-3" is not allowed for workflow "note" (allowed: claude-haiku-4-5; add it to QUARRY_ALLOWED_MODELS)',
    });
  });
});
