import { WorkflowRegistry } from '@quarry/core';
import { it } from '@quarry/testing';
import { workflows } from '@quarry/workflows';
import { afterEach, describe, expect } from 'vitest';
import { parseMetrics } from './test-fixtures/metrics-text';
import { createHarness, doc, goodNote, testRegistry, type WorkerHarness } from './worker-test-harness';

/**
 * Bad-input catalogue, queue problems: jobs other clients write straight into the queue (plain
 * BullMQ, any language) that break the job contract, and a job whose workflow version was removed.
 * Each ends as exactly one DLQ record whose reason names the problem, without a model call, and
 * the worker carries on.
 */

let redisUrl: string;
let harness: WorkerHarness | undefined;

it.beforeAll(({ redisUrl: url }) => {
  redisUrl = url;
});
afterEach(async () => {
  await harness?.close();
  harness = undefined;
});

const setUp = async () => {
  harness = await createHarness({ redisUrl });
  return harness;
};

describe('bad-input catalogue: poisoned jobs written with plain BullMQ', () => {
  it('row 3, row 17: prototype-pollution key (__proto__); poisoned jobs written with plain BullMQ (rows 1–12 above) -> dead-letters each with a reason naming the problem, calls no model, and keeps working', async () => {
    const h = await setUp();
    await h.startWorker();
    const raw = h.rawQueue();
    const cases = [
      {
        label: 'job data that is not an object',
        data: 'invoice please',
        kind: 'invalid_payload',
        message:
          'The job data breaks the job contract: (job data): Invalid input: expected object, received string',
      },
      {
        label: 'an extra top-level field',
        data: { workflow: 'note', input: { text: doc('extra') }, text: doc('extra') },
        kind: 'invalid_payload',
        message: 'The job data breaks the job contract: (job data): Unrecognized key: "text"',
      },
      {
        label: 'a prototype-pollution key',
        data: JSON.parse(`{"workflow":"note","input":{"text":"x"},"__proto__":{"admin":true}}`),
        kind: 'invalid_payload',
        message: 'The job data breaks the job contract: (job data): Unrecognized key: "__proto__"',
      },
      {
        label: 'wrong-typed fields',
        data: { workflow: 42, version: '1', input: { text: 'x' } },
        kind: 'invalid_payload',
        message:
          'The job data breaks the job contract: workflow: Invalid input: expected string, received number; version: Invalid input: expected number, received string',
      },
      {
        label: 'a missing field',
        data: { workflow: 'note' },
        kind: 'invalid_payload',
        message: 'The job data breaks the job contract: input: is required (the workflow input)',
      },
      {
        label: 'oversized text',
        data: { workflow: 'invoice', input: { text: 'x'.repeat(200_001) } },
        kind: 'invalid_payload',
        message: 'The input does not match invoice@v2: input.text: text must be at most 200,000 characters',
      },
      {
        label: 'invalid UTF-16 text',
        data: { workflow: 'invoice', input: { text: 'Total 5 \udc00' } },
        kind: 'invalid_payload',
        message:
          'The input does not match invoice@v2: input.text: text is not well-formed Unicode: a lone surrogate at index 8 (was it cut in the middle of a character?)',
      },
      {
        label: 'a budget that is negative or not a number',
        data: {
          workflow: 'note',
          input: { text: doc('budget') },
          budget: { maxTokens: 'lots', maxCostUsd: -1 },
        },
        kind: 'invalid_payload',
        message:
          'The job data breaks the job contract: budget.maxTokens: Invalid input: expected number, received string; budget.maxCostUsd: must be a positive number of US dollars',
      },
      {
        label: 'an unknown workflow',
        data: { workflow: 'payslip', input: { text: 'x' } },
        kind: 'unknown_workflow',
        message: 'Unknown workflow payslip (no workflow of that name is registered)',
      },
    ] as const;
    const jobs = [];
    for (const poisoned of cases) jobs.push(await raw.add('extract', poisoned.data));

    for (const [i, poisoned] of cases.entries()) {
      const record = await h.dlqRecordOf(jobs[i]?.id as string);
      expect({ label: poisoned.label, reason: record.reason }).toEqual({
        label: poisoned.label,
        reason: { kind: poisoned.kind, message: expect.stringContaining(poisoned.message) },
      });
      expect(record.attempts).toEqual([]);
      expect(record.input).toEqual(poisoned.data);
    }

    const { jobId } = await h.client.enqueue('note', { text: doc('after') });
    expect(await h.client.waitForResult(jobId, { timeoutMs: 15_000 })).toMatchObject({ data: goodNote });
    expect(h.standin.requests).toHaveLength(1);
    expect(await h.dlqCount()).toBe(cases.length);
  });

  it('row 18: dead-letters a job for a workflow version that was removed, naming the versions there are', async () => {
    const h = await setUp();
    // The producer still knows note v1; the worker was deployed with v1 deleted.
    const { jobId } = await h.client.enqueue('note', { text: doc('old') }, { version: 1 });
    const v2 = testRegistry().get('note', 2);
    await h.startWorker({}, { registry: new WorkflowRegistry([v2, ...workflows]) });
    const record = await h.dlqRecordOf(jobId);
    expect(record.reason.kind).toBe('unknown_workflow');
    expect(record.reason.message).toBe('Unknown workflow note@v1 (known versions: 2)');
    expect(record).toMatchObject({ workflow: 'note', version: 1, attempts: [] });
    expect(h.standin.requests).toHaveLength(0);
  });
  it('row 88: the same jobs written with plain BullMQ -> dead-letters jobs whose model override is not allowed, naming the model, and keeps model labels to the allowed ones', async () => {
    const h = await setUp();
    const quarry = await h.startWorker({ METRICS_PORT: '0', QUARRY_ALLOWED_MODELS: 'claude-sonnet-4-5' });
    const raw = h.rawQueue();
    const job = (name: string, model: string) => ({
      workflow: 'note',
      input: { text: doc(name) },
      overrides: { model },
    });
    // A producer that names a model per job: fifty made-up names.
    const refused = [];
    for (let i = 0; i < 50; i += 1) refused.push(await raw.add('extract', job(`m${i}`, `claude-x-${i}`)));
    const allowed = await raw.add('extract', job('allowed', 'claude-sonnet-4-5'));

    expect(await h.client.waitForResult(allowed.id as string, { timeoutMs: 30_000 })).toMatchObject({
      data: goodNote,
      model: 'claude-sonnet-4-5',
    });
    for (const [i, added] of refused.entries()) {
      const record = await h.dlqRecordOf(added.id as string, 30_000);
      expect(record.reason).toEqual({
        kind: 'invalid_payload',
        message: `The job's model override is refused: overrides.model: model "claude-x-${i}" is not allowed for workflow "note" (allowed: claude-sonnet-4-5; add it to QUARRY_ALLOWED_MODELS)`,
      });
      expect(record.attempts).toEqual([]);
    }
    expect(h.standin.requests.map((request) => request.body.model)).toEqual(['claude-sonnet-4-5']);

    const url = (await quarry.http)?.url as string;
    const series = [...parseMetrics(await (await fetch(`${url}/metrics`)).text()).keys()];
    const models = new Set(series.flatMap((key) => /[{,]model="([^"]*)"/.exec(key)?.[1] ?? []));
    expect(models).toEqual(new Set(['claude-sonnet-4-5']));
  });
});
