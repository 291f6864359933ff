import { describe, expect, it } from 'vitest';
import { InMemoryAttemptStore } from '../attempts/in-memory-attempt-store';
import { ExtractionExhaustedError } from '../errors/extraction-exhausted-error';
import { ModelTransportError } from '../errors/model-transport-error';
import type { Lesson } from '../history/lesson';
import {
  type Receipt,
  type ReceiptInput,
  receiptDocument,
  receiptWorkflow,
  validReceipt,
} from '../test-fixtures/receipt-workflow';
import { FakeModelClient, type FakeScript } from '../testing/fake-model-client';
import type { WorkflowDefinition } from '../workflow/define-workflow';
import { extract } from './extract';
import type { ExtractOptions } from './extract-options';

type ReceiptWorkflow = WorkflowDefinition<typeof ReceiptInput, typeof Receipt>;

const HAIKU = 'claude-haiku-5-5';
const SONNET = 'claude-sonnet-5-5';
const OPUS = 'claude-opus-5-5';

/** Wrong total (a rule issue), twice in different words, and a bad date (a schema issue). */
const wrongTotal = { ...validReceipt, total: 9 };
const otherWrongTotal = { ...validReceipt, total: 8 };
const badDate = { ...validReceipt, date: '01/03/2024' };

function setup(
  script: FakeScript,
  options: {
    readonly workflow?: Partial<ReceiptWorkflow>;
    readonly extract?: Partial<ExtractOptions<ReceiptWorkflow>>;
    readonly store?: InMemoryAttemptStore;
  } = {},
) {
  const model = new FakeModelClient(script);
  const store = options.store ?? new InMemoryAttemptStore();
  const run = () =>
    extract({
      workflow: receiptWorkflow({ models: [HAIKU, SONNET], maxAttempts: 5, ...options.workflow }),
      input: { text: receiptDocument },
      model,
      attempts: { store, jobKey: 'job-1', inputHash: 'receipt-input' },
      ...options.extract,
    });
  return { model, store, run };
}

async function rejectionOf(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected the promise to reject');
}

describe('extract() on a model ladder', () => {
  it('starts on the cheapest model and stays there while it succeeds', async () => {
    const { run, model } = setup([{ json: validReceipt }]);
    const result = await run();
    expect(model.requests.map((request) => request.model)).toEqual([HAIKU]);
    expect(result.model).toBe(HAIKU);
  });

  it('moves up on no progress instead of stopping, and records why', async () => {
    const { run, model } = setup([{ json: wrongTotal }, { json: wrongTotal }, { json: validReceipt }]);
    const result = await run();
    expect(model.requests.map((request) => request.model)).toEqual([HAIKU, HAIKU, SONNET]);
    expect(result.attemptRecords.map((record) => [record.model, record.climb ?? null])).toEqual([
      [HAIKU, null],
      [HAIKU, null],
      [SONNET, 'no_progress'],
    ]);
    expect(result.model).toBe(SONNET);
  });

  it('moves up when a failed reply repeats an issue already fed back', async () => {
    const { run, model } = setup([{ json: wrongTotal }, { json: otherWrongTotal }, { json: validReceipt }], {
      workflow: { attemptsPerModel: 3 },
    });
    const result = await run();
    expect(model.requests.map((request) => request.model)).toEqual([HAIKU, HAIKU, SONNET]);
    expect(result.attemptRecords[2]?.climb).toBe('repeated_issue');
  });

  it("moves up when the cheaper model's attempts are spent, and each request follows its model's rules", async () => {
    const { run, model } = setup([{ json: wrongTotal }, { json: badDate }, { json: validReceipt }], {
      workflow: { strategy: 'tool' },
    });
    const result = await run();
    expect(model.requests.map((request) => [request.model, request.toolChoice, request.effort])).toEqual([
      [HAIKU, undefined, 'medium'],
      [HAIKU, undefined, 'medium'],
      [SONNET, 'auto', 'high'],
    ]);
    expect(result.attemptRecords[2]?.climb).toBe('rung_spent');
  });

  it('stays on a model while its allowance lasts and its issues change', async () => {
    const { run, model } = setup([{ json: wrongTotal }, { json: badDate }, { json: validReceipt }], {
      workflow: { attemptsPerModel: 3 },
    });
    await run();
    expect(model.requests.map((request) => request.model)).toEqual([HAIKU, HAIKU, HAIKU]);
  });

  it('raises the effort before the model, and starts the next model at the bottom of its effort ladder', async () => {
    const { run, model } = setup([{ json: wrongTotal }, { json: otherWrongTotal }, { json: validReceipt }], {
      workflow: { attemptsPerModel: 3, effort: { start: 'low' } },
    });
    const result = await run();
    expect(model.requests.map((request) => [request.model, request.effort])).toEqual([
      [HAIKU, 'low'],
      [HAIKU, 'medium'],
      [SONNET, 'low'],
    ]);
    expect(result.attemptRecords[2]?.climb).toBe('repeated_issue');
  });

  it('climbs every rung and stops on no progress only at the top', async () => {
    const { run, model } = setup(Array(5).fill({ json: wrongTotal }), {
      workflow: { models: [HAIKU, SONNET, OPUS], maxAttempts: 8 },
    });
    const error = (await rejectionOf(run())) as ExtractionExhaustedError;
    expect(error).toBeInstanceOf(ExtractionExhaustedError);
    expect(error.kind).toBe('no_progress');
    expect(model.requests.map((request) => request.model)).toEqual([HAIKU, HAIKU, SONNET, OPUS, OPUS]);
    expect(error.records.map((record) => record.climb ?? null)).toEqual([
      null,
      null,
      'no_progress',
      'repeated_issue',
      null,
    ]);
  });

  it('is still bounded by maxAttempts over the whole ladder', async () => {
    const { run, model } = setup([{ json: wrongTotal }, { json: badDate }, { json: wrongTotal }], {
      workflow: { maxAttempts: 3 },
    });
    const error = (await rejectionOf(run())) as ExtractionExhaustedError;
    expect(error.kind).toBe('validation_exhausted');
    expect(model.requests.map((request) => request.model)).toEqual([HAIKU, HAIKU, SONNET]);
  });

  it('prices each attempt at its own model, and stops before a stronger model would break the cost budget', async () => {
    // 100 input and 20 output tokens a call: $0.00002 on Haiku 5.5, $0.0004 on Sonnet 5.5.
    const cheap = await setup([{ json: wrongTotal }, { json: badDate }, { json: validReceipt }]).run();
    expect(cheap.attemptRecords.map((record) => record.costUsd)).toEqual([
      expect.closeTo(0.00002, 10),
      expect.closeTo(0.00002, 10),
      expect.closeTo(0.0004, 10),
    ]);
    expect(cheap.costUsd).toBeCloseTo(0.00044, 10);

    const { run, model } = setup([{ json: wrongTotal }, { json: badDate }, { json: validReceipt }], {
      extract: { budget: { maxCostUsd: 0.0003 } },
    });
    const error = (await rejectionOf(run())) as ExtractionExhaustedError;
    expect(error.kind).toBe('budget_exhausted');
    expect(model.calls).toBe(2);
  });

  it('shows the workflow lessons to every model of the ladder', async () => {
    const lesson: Lesson = {
      signature: 'rule:total:total-matches',
      score: 3,
      count: 3,
      example: 'total must equal the sum of item prices',
      firstSeen: 0,
      lastSeen: 0,
    };
    const { run, model } = setup([{ json: wrongTotal }, { json: wrongTotal }, { json: validReceipt }], {
      extract: { lessons: [lesson] },
    });
    await run();
    expect(model.requests.map((request) => JSON.stringify(request).includes(lesson.example))).toEqual([
      true,
      true,
      true,
    ]);
  });

  it('row 118: a ladder job cut off (crash -> resumes a job cut off after climbing on the stronger model, without paying again', async () => {
    const store = new InMemoryAttemptStore();
    const cut = new ModelTransportError({ kind: 'transient', status: null, message: 'connection reset' });
    const first = setup([{ json: wrongTotal }, { json: badDate }, cut], { store });
    await expect(first.run()).rejects.toBe(cut);
    expect(first.model.requests.at(-1)?.model).toBe(SONNET);

    const again = setup([{ json: validReceipt }], { store });
    const result = await again.run();
    expect(again.model.requests.map((request) => request.model)).toEqual([SONNET]);
    expect(result.attempts).toBe(3);
    expect(result.attemptRecords.map((record) => record.model)).toEqual([HAIKU, HAIKU, SONNET]);
    expect(result.attemptRecords[2]?.climb).toBe('rung_spent');
  });

  it('refuses a ladder naming a model outside the model table before any call', async () => {
    const { run, model } = setup([{ json: validReceipt }], {
      workflow: { models: [HAIKU, 'claude-imaginary-9'] },
    });
    await expect(run()).rejects.toThrow(
      new TypeError(
        `extract: workflow receipt's models names "claude-imaginary-9", which is not in the model table (a ladder is priced by it)`,
      ),
    );
    expect(model.calls).toBe(0);
  });
});
