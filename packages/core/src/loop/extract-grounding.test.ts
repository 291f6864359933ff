import { describe, expect, it } from 'vitest';
import { InMemoryAttemptStore } from '../attempts/in-memory-attempt-store';
import { ExtractionExhaustedError } from '../errors/extraction-exhausted-error';
import { InMemoryHistoryStore } from '../history/in-memory-history-store';
import type { ModelRequest } from '../model/model-request';
import { toOutputJsonSchema } from '../schema/to-output-json-schema';
import { FakeGrounder } from '../test-fixtures/fake-grounder';
import { Receipt, receiptDocument, receiptWorkflow, validReceipt } from '../test-fixtures/receipt-workflow';
import { FakeModelClient, type FakeScript } from '../testing/fake-model-client';
import { extract } from './extract';
import type { ExtractOptions, ExtractWarning } from './extract-options';

const input = { text: receiptDocument };
const evidence = { merchant: 'CORNER CAFE', date: '2024-03-01', total: 'TOTAL 5.75' };
const grounded = { _evidence: evidence, ...validReceipt };
const historyKey = { workflow: 'receipt', version: 1 };

function setup(script: FakeScript, options: Partial<ExtractOptions> & { mode?: 'check' | 'require' } = {}) {
  const { mode = 'require', ...overrides } = options;
  const model = new FakeModelClient(script);
  const grounder = new FakeGrounder({ mode });
  const history = new InMemoryHistoryStore();
  const store = new InMemoryAttemptStore();
  const warnings: ExtractWarning[] = [];
  const run = () =>
    extract({
      workflow: receiptWorkflow({ grounding: mode }),
      input,
      model,
      grounder,
      history: { store: history, key: historyKey },
      attempts: { store, jobKey: 'job-1', inputHash: 'hash' },
      onWarning: (warning) => warnings.push(warning),
      ...overrides,
    });
  return { model, grounder, history, store, warnings, run };
}

const lastText = (request: ModelRequest | undefined): string => {
  const part = request?.messages.at(-1)?.content.at(-1);
  if (part?.type === 'text' || part?.type === 'tool_result') return part.text;
  throw new Error('no text in the last message');
};

describe('extract with grounding', () => {
  it("sends the grounder's schema, validates the reply without its evidence, and returns the provenance", async () => {
    const { model, grounder, run, store } = setup([{ json: grounded }]);
    const result = await run();
    expect(model.requests[0]?.outputSchema).toBe(grounder.outputSchema);
    expect(grounder.splits).toEqual([grounded]);
    expect(grounder.checks).toEqual([{ document: receiptDocument, data: validReceipt, evidence }]);
    expect(result.data).toEqual(validReceipt);
    expect(result.needsReview).toBe(false);
    expect(result.provenance).toEqual({
      merchant: { start: 0, end: 11, quote: 'CORNER CAFE', match: 'exact' },
      date: { start: 12, end: 22, quote: '2024-03-01', match: 'exact' },
      total: { start: 46, end: 56, quote: 'TOTAL 5.75', match: 'exact' },
    });
    expect(receiptDocument.slice(46, 56)).toBe('TOTAL 5.75');
    expect((await store.load('job-1'))[0]?.provenance).toEqual(result.provenance);
  });

  it('feeds an invented value back like any other issue, spending an attempt, and records it in the history', async () => {
    const invented = {
      ...grounded,
      _evidence: { ...evidence, merchant: 'CORNER BAKERY' },
      merchant: 'Corner Bakery',
    };
    const { model, history, run, store } = setup([{ json: invented }, { json: grounded }]);
    const result = await run();
    expect(result.attempts).toBe(2);
    expect(result.data).toEqual(validReceipt);
    const [first] = await store.load('job-1');
    expect(first?.issues.map((issue) => `${issue.source}:${issue.path}:${issue.code}`)).toEqual([
      'grounding:merchant:not_found',
    ]);
    expect(first?.provenance).toHaveProperty('date');
    expect(lastText(model.requests[1])).toMatchInlineSnapshot(`
      "Your reply was rejected. One problem to fix:
      - merchant: The quote does not occur in the document (received: "Corner Bakery")
      Reply again with the complete corrected output, keeping everything that was already right."
    `);
    const lessons = await history.topLessons(historyKey, 5);
    expect(lessons.map((lesson) => lesson.signature)).toEqual(['grounding:merchant:not_found']);
  });

  it("rates each grounded field from every attempt's outcomes and flags the weak ones for review", async () => {
    const invented = { ...grounded, merchant: 'Corner Bakery' };
    const model = new FakeModelClient([{ json: invented }, { json: grounded }]);
    const grounder = new FakeGrounder({ mode: 'require', reviewBelow: 0.8 });
    const result = await extract({
      workflow: receiptWorkflow({ grounding: 'require' }),
      input,
      model,
      grounder,
    });
    expect(result.fieldConfidence).toEqual({ merchant: 0.75, date: 1, total: 1 });
    expect(grounder.confidences).toHaveLength(1);
    expect(
      grounder.confidences[0]?.map((fields) => fields.map((field) => `${field.path}:${field.status}`)),
    ).toEqual([
      ['merchant:mismatch', 'date:grounded', 'total:grounded'],
      ['merchant:grounded', 'date:grounded', 'total:grounded'],
    ]);
    expect(result.needsReview).toBe(true);
    expect(result.reviewReasons).toEqual(['grounding: merchant: confidence 0.75']);
    expect(result.weakFields).toEqual([
      { path: 'merchant', confidence: 0.75, reviewBelow: 0.8, reason: 'fake' },
    ]);
    expect(result.attemptRecords[0]?.groundingFields).toEqual(grounder.confidences[0]?.[0]);
  });

  it("grounds in the job's locale, else the workflow's, and refuses a bad one", async () => {
    const workflowLocale = setup([{ json: grounded }], {
      workflow: receiptWorkflow({ grounding: 'require', locale: 'de-DE' }),
    });
    await workflowLocale.run();
    expect(workflowLocale.grounder.checks.map((check) => check.locale)).toEqual(['de-DE']);
    const jobLocale = setup([{ json: grounded }], {
      workflow: receiptWorkflow({ grounding: 'require', locale: 'de-DE' }),
      locale: 'en-US',
    });
    await jobLocale.run();
    expect(jobLocale.grounder.checks.map((check) => check.locale)).toEqual(['en-US']);
    const none = setup([{ json: grounded }]);
    await none.run();
    expect(none.grounder.checks.map((check) => check.locale)).toEqual([undefined]);
    await expect(setup([{ json: grounded }], { locale: 'en_US' }).run()).rejects.toThrow(
      'extract: locale must be a BCP 47 language tag of a known language, e.g. de-DE or en-US, got "en_US"',
    );
  });

  it('does not ground a reply that fails its schema or rules', async () => {
    const wrongTotal = { ...grounded, total: 9.99, _evidence: { ...evidence, total: 'TOTAL 9.99' } };
    const { grounder, run } = setup(
      [{ json: { _evidence: evidence, merchant: 'Corner Cafe' } }, { json: wrongTotal }],
      {
        maxAttempts: 2,
      },
    );
    const error = await run().catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(ExtractionExhaustedError);
    expect(grounder.splits).toHaveLength(2);
    expect(grounder.checks).toEqual([]);
  });

  it('runs out of attempts when the model keeps inventing a value', async () => {
    const invented = { ...grounded, date: '2024-03-02' };
    const { run } = setup([{ json: invented }, { json: { ...invented, total: 5.75 } }], { maxAttempts: 2 });
    const error = (await run().catch((caught: unknown) => caught)) as ExtractionExhaustedError;
    expect(error).toBeInstanceOf(ExtractionExhaustedError);
    expect(error.lastIssues.map((issue) => `${issue.path}:${issue.code}`)).toEqual(['date:mismatch']);
  });

  it('in check mode, flags the result for review instead of asking again', async () => {
    const invented = { ...grounded, merchant: 'Corner Bakery' };
    const { model, run } = setup([{ json: invented }], { mode: 'check' });
    const result = await run();
    expect(model.requests).toHaveLength(1);
    expect(result.needsReview).toBe(true);
    expect(result.reviewReasons).toEqual([
      'grounding: merchant: The quoted passage "CORNER CAFE" does not contain it',
    ]);
  });

  it('row 107: a job resumed after a crash whose last stored reply was valid -> grounds a stored reply it validates again when a job resumes', async () => {
    const first = setup([{ json: grounded }]);
    await first.run();
    const records = await first.store.load('job-1');
    const again = setup([]);
    for (const record of records) await again.store.append('job-1', record);
    const result = await again.run();
    expect(again.model.requests).toEqual([]);
    expect(again.grounder.checks).toHaveLength(1);
    expect(result.provenance).toEqual(records[0]?.provenance);
    expect(result.provenance).toHaveProperty('merchant');
  });

  it('row 106: a grounded workflow run through extract() without a grounder -> warns once and sends the plain schema when the workflow asks for grounding but no grounder is given', async () => {
    const { model, run, warnings } = setup([{ json: validReceipt }], { grounder: null });
    const result = await run();
    expect(result.provenance).toBeUndefined();
    expect(model.requests[0]?.outputSchema).toEqual(toOutputJsonSchema(Receipt));
    expect(warnings.map((warning) => warning.code)).toEqual(['grounding_unavailable']);
  });
});
