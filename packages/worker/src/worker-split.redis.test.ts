import { defineWorkflow, type Rule, WorkflowRegistry } from '@quarry/core';
import { quarryKeys } from '@quarry/queue';
import { ledgerWorkflow, longTableDocument, wideFormDocument } from '@quarry/samples';
import type { StandinReply } from '@quarry/standin';
import { textInput } from '@quarry/workflows';
import { describe, expect } from 'vitest';
import { z } from 'zod';
import { it } from './test-fixtures/use-worker-harness';
import { testRegistry, waitFor } from './worker-test-harness';

const form = wideFormDocument();
const wideForm = defineWorkflow({
  name: 'wide-form',
  version: 1,
  description: 'A form of 330 fields in 30 sections',
  input: textInput(),
  output: z.fromJSONSchema(form.outputJsonSchema as Parameters<typeof z.fromJSONSchema>[0]),
  rules: [],
  instructions: 'Fill in every field of the form as printed; null where a field is left blank.',
});

const Items = z.object({ items: z.array(z.object({ id: z.string() })) });
const upperCaseIds: Rule<z.infer<typeof Items>> = {
  id: 'upper-case-ids',
  description: 'Item ids are printed in capitals',
  severity: 'retry',
  check: (data) =>
    data.items.flatMap((item, i) =>
      item.id === item.id.toUpperCase()
        ? []
        : [{ path: `items[${i}].id`, message: 'must be in capitals as printed' }],
    ),
};
/** One item per page, each page its own child; v2 completes without a failed child, v3 checks ids. */
const pagedList = (version: 1 | 2 | 3) =>
  defineWorkflow({
    name: 'paged-list',
    version,
    description: 'The item printed on each page',
    input: textInput(),
    output: Items,
    rules: version === 3 ? [upperCaseIds] : [],
    instructions: 'List the item of each page.',
    maxAttempts: 2,
    split: {
      pages: { window: 1, overlap: 0 },
      ...(version === 2 ? { onChildFailure: 'partial' as const } : {}),
    },
  });

const groundedLedger = defineWorkflow({
  ...ledgerWorkflow,
  name: 'grounded-ledger',
  grounding: 'check',
  split: { pages: { window: 5, overlap: 1 }, arrayKeys: { rows: ['description', 'amount'] } },
});

/** A title printed on every page; v2 settles a disagreement by the greatest. */
const pagedTitle = (version: 1 | 2) =>
  defineWorkflow({
    name: 'paged-title',
    version,
    description: 'The title each page prints',
    input: textInput(),
    output: z.object({ title: z.string().nullable() }),
    rules: [],
    instructions: 'Give the title printed on the pages.',
    split: {
      pages: { window: 1, overlap: 0 },
      ...(version === 2 ? { merge: { title: 'max' as const } } : {}),
    },
  });

const registry = () =>
  new WorkflowRegistry([
    pagedTitle(1),
    pagedTitle(2),
    ...testRegistry().list(),
    ledgerWorkflow,
    groundedLedger,
    wideForm,
    pagedList(1),
    pagedList(2),
    pagedList(3),
  ]);

/** Three pages, each named for the scripted stand-in (`doc:<name>`). */
const threePages = (tag: string) => [1, 2, 3].map((n) => `doc:${tag}-p${n} Item on page ${n}.`).join('\f');
const item = (id: string): StandinReply => ({ kind: 'json', value: { items: [{ id }] } });
const broken: StandinReply = { kind: 'json', value: { items: 'none' } };

// Each test waits on a whole split job (up to 22 children) on a shared, loaded machine.
describe('a split job (long documents in page windows, wide schemas in field groups, merged)', {
  timeout: 240_000,
}, () => {
  it('row 167: a 200-page PDF whose table holds 1,500 rows -> extracted in page windows with 0 rows dropped and 0 duplicated', async ({
    testBed,
  }) => {
    const statement = await longTableDocument({ pages: 200 });
    expect(statement.truth.rows).toHaveLength(1500);
    const h = await testBed.harness({
      registry: registry(),
      simulate: { corpus: [{ workflow: 'ledger', text: statement.text, truth: statement.truth }] },
    });
    const { key } = await h.blobs.put({ bytes: statement.pdf });
    await h.startWorker({ WORKER_CONCURRENCY: '4' });
    const { jobId } = await h.client.enqueue('ledger', {
      document: { mediaType: 'application/pdf', source: { type: 'blob', key } },
    });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 180_000 });
    const data = result.data as typeof statement.truth;
    expect(data.rows).toHaveLength(1500);
    expect(data).toEqual(statement.truth);
    expect(result.split).toMatchObject({ windows: 22, groups: 1, children: 22 });
    expect(result.split?.reasons).toContain('pages_over_model_limit');
    expect(result.split?.merged.duplicatesRemoved).toBeGreaterThan(0);
    expect(h.standin.requests).toHaveLength(22);
    // Each window is its own small PDF, uploaded once through the Files API.
    expect(h.standin.stats.files.uploaded).toBe(22);
    // Cost and tokens are the children's sums.
    expect(result.usage.outputTokens).toBeGreaterThan(22 * 100);
    expect(result.costUsd).toBeGreaterThan(0);
    expect(result.attempts).toBe(22);
  });

  it('row 168: a schema of 330 leaf fields over the structured-output limits -> split into field groups that each fit, merged into one valid output', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      registry: registry(),
      simulate: { corpus: [{ workflow: 'wide-form', text: form.text, truth: form.truth }] },
    });
    await h.startWorker({ WORKER_CONCURRENCY: '4' });
    const { jobId } = await h.client.enqueue('wide-form', { text: form.text });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 60_000 });
    expect(result.data).toEqual(form.truth);
    expect(result.split?.reasons).toEqual(['schema_over_structured_output_limits']);
    expect(result.split?.windows).toBe(1);
    expect(result.split?.groups).toBeGreaterThan(1);
    // The stand-in refuses a request over the limits (400): every group's request fitted.
    expect(h.standin.requests).toHaveLength(result.split?.groups ?? 0);
    expect(result.needsReview).toBe(false);
  });

  it("row 169: a child that ends in the DLQ -> the parent is dead-lettered split_child_failed with every child listed and the failed child's attempts", async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      registry: registry(),
      plan: {
        'a-p1': [item('A')],
        'a-p2': [broken, broken, broken, broken, broken, broken],
        'a-p3': [item('C')],
      },
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('paged-list', { text: threePages('a') }, { version: 1 });
    const record = await h.dlqRecordOf(jobId, 30_000);
    expect(record.reason.kind).toBe('split_child_failed');
    expect(record.reason.message).toContain('pages 2–2');
    expect(record.split?.children.map(({ index, status }) => [index, status])).toEqual([
      [0, 'completed'],
      [1, 'failed'],
      [2, 'completed'],
    ]);
    expect(record.split?.children[1]?.reason).toMatch(/^validation_exhausted/);
    expect(record.attempts.length).toBeGreaterThan(0);
    expect(record.attempts.every((attempt) => attempt.issues.length > 0)).toBe(true);
  });

  it("row 170: onChildFailure 'partial' -> the parent completes needsReview with the missing window named", async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      registry: registry(),
      plan: {
        'b-p1': [item('A')],
        'b-p2': [broken, broken, broken, broken, broken, broken],
        'b-p3': [item('C')],
      },
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('paged-list', { text: threePages('b') }, { version: 2 });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 30_000 });
    expect(result.data).toEqual({ items: [{ id: 'A' }, { id: 'C' }] });
    expect(result.needsReview).toBe(true);
    expect(result.split?.missing).toEqual([
      { index: 1, pages: [2, 2], paths: null, reason: expect.stringMatching(/^validation_exhausted/) },
    ]);
    expect(result.reviewReasons.join('\n')).toContain('child 1 (pages 2–2) failed');
  });

  it('row 171: a rule failing on the merged output -> only the child whose window gave the path is asked again, with the rule message, then the parent completes', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      registry: registry(),
      plan: { 'c-p1': [item('A')], 'c-p2': [item('b'), item('B')], 'c-p3': [item('C')] },
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('paged-list', { text: threePages('c') }, { version: 3 });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 30_000 });
    expect(result.data).toEqual({ items: [{ id: 'A' }, { id: 'B' }, { id: 'C' }] });
    expect(result.split).toMatchObject({ children: 4, rerun: 1 });
    expect(h.requestsFor('c-p1')).toHaveLength(1);
    expect(h.requestsFor('c-p3')).toHaveLength(1);
    const asked = h.requestsFor('c-p2');
    expect(asked).toHaveLength(2);
    expect(JSON.stringify(asked[1]?.body.system)).toContain(
      'upper-case-ids at items[1].id: must be in capitals as printed',
    );
  });

  it('row 172: a replay of a dead-lettered parent -> only the child that failed runs again; completed children are never paid twice', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      registry: registry(),
      plan: { 'd-p1': [item('A')], 'd-p2': [broken, broken, item('B')], 'd-p3': [item('C')] },
      env: { JOB_ATTEMPTS: '1' },
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('paged-list', { text: threePages('d') }, { version: 1 });
    const record = await h.dlqRecordOf(jobId, 30_000);
    const calls = h.standin.requests.length;
    expect(h.requestsFor('d-p2').length).toBeGreaterThanOrEqual(2);
    // The replayed job: the same data, its lineage rooted at the first job (as replay-dlq writes it).
    const data = {
      ...(record.input as Record<string, unknown>),
      lineage: { rootJobId: jobId, replayOf: record.dlqId, redriveCount: 1 },
    };
    await h.rawQueue().add('extract', data, { jobId: 'replay-d', attempts: 1 });
    const result = await h.client.waitForResult('replay-d', { timeoutMs: 30_000 });
    expect(result.data).toEqual({ items: [{ id: 'A' }, { id: 'B' }, { id: 'C' }] });
    const after = h.standin.requests.slice(calls).map((request) => request.documentKey);
    expect(after.every((key) => key === 'd-p2')).toBe(true);
    expect(h.requestsFor('d-p1')).toHaveLength(1);
    expect(h.requestsFor('d-p3')).toHaveLength(1);
  });

  it('row 173: a split job on the batch lane -> every child goes through Message Batches at half price', async ({
    testBed,
  }) => {
    const statement = await longTableDocument({ pages: 30 });
    const h = await testBed.harness({
      registry: registry(),
      simulate: { corpus: [{ workflow: 'ledger', text: statement.text, truth: statement.truth }] },
    });
    await h.startWorker({ BATCH_MAX_WAIT_MS: '0', BATCH_POLL_INTERVAL_MS: '100', WORKER_CONCURRENCY: '4' });
    const realtime = await h.client.enqueue('ledger', { text: statement.text });
    const whole = await h.client.waitForResult(realtime.jobId, { timeoutMs: 60_000 });
    const { jobId } = await h.client.enqueue('ledger', { text: statement.text }, { lane: 'batch' });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 60_000 });
    expect(result.data).toEqual(statement.truth);
    expect(result.split?.windows).toBe(whole.split?.windows);
    expect(h.standin.stats.batches.created).toBeGreaterThan(0);
    // Half price, less what prompt caching saved differently in each lane.
    expect((result.costUsd ?? 0) / (whole.costUsd ?? 1)).toBeGreaterThan(0.45);
    expect((result.costUsd ?? 0) / (whole.costUsd ?? 1)).toBeLessThan(0.55);
  });

  it('row 175: a grounded split job -> each merged value keeps its provenance with the page of the document it was read on', async ({
    testBed,
  }) => {
    const statement = await longTableDocument({ pages: 20 });
    const h = await testBed.harness({
      registry: registry(),
      simulate: { corpus: [{ workflow: 'grounded-ledger', text: statement.text, truth: statement.truth }] },
    });
    await h.startWorker({ WORKER_CONCURRENCY: '4' });
    const { jobId } = await h.client.enqueue('grounded-ledger', { text: statement.text });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 60_000 });
    expect(result.data).toEqual(statement.truth);
    expect(result.split?.windows).toBeGreaterThan(1);
    const pageOf = (needle: string) => statement.pages.findIndex((page) => page.includes(needle)) + 1;
    const rows = statement.truth.rows;
    for (const i of [0, 7, 8, 70, rows.length - 1]) {
      const row = rows[i];
      if (!row) throw new Error(`no row ${i}`);
      expect(result.provenance?.[`rows[${i}].description`]).toMatchObject({ page: pageOf(row.description) });
    }
    expect(result.provenance?.closingBalance?.page).toBe(20);
    expect(result.provenance?.accountHolder?.page).toBe(1);
  });

  it('row 176: a document that would split into more than 2,000 children -> dead-lettered document_too_large naming the count, no model call', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ registry: registry() });
    await h.startWorker();
    const text = Array.from({ length: 2001 }, (_, i) => `page ${i + 1}`).join('\f');
    const { jobId } = await h.client.enqueue('paged-list', { text }, { version: 1 });
    const record = await h.dlqRecordOf(jobId);
    expect(record.reason).toMatchObject({ kind: 'document_too_large' });
    expect(record.reason.message).toContain('2001 children');
    expect(h.standin.requests).toHaveLength(0);
  });

  it('row 177: windows that disagree on a field -> the first value kept and the result flagged for review with each value and its pages; a merge rule settles it instead', async ({
    testBed,
  }) => {
    const title = (value: string): StandinReply => ({ kind: 'json', value: { title: value } });
    const h = await testBed.harness({
      registry: registry(),
      plan: {
        'f-p1': [title('Alpha')],
        'f-p2': [title('Beta')],
        'f-p3': [title('Alpha')],
        'g-p1': [title('Alpha')],
        'g-p2': [title('Beta')],
        'g-p3': [title('Alpha')],
      },
    });
    await h.startWorker();
    const flagged = await h.client.enqueue('paged-title', { text: threePages('f') }, { version: 1 });
    const first = await h.client.waitForResult(flagged.jobId, { timeoutMs: 30_000 });
    expect(first.data).toEqual({ title: 'Alpha' });
    expect(first.needsReview).toBe(true);
    expect(first.reviewReasons).toContain(
      'split: windows disagree at title: "Alpha" (pages 1–1) vs "Beta" (pages 2–2) vs "Alpha" (pages 3–3)',
    );
    expect(first.split?.merged.conflicts).toEqual([
      {
        path: 'title',
        reason: 'no_rule',
        values: [
          { value: 'Alpha', pages: [1, 1] },
          { value: 'Beta', pages: [2, 2] },
          { value: 'Alpha', pages: [3, 3] },
        ],
      },
    ]);
    const settled = await h.client.enqueue('paged-title', { text: threePages('g') }, { version: 2 });
    const second = await h.client.waitForResult(settled.jobId, { timeoutMs: 30_000 });
    expect(second.data).toEqual({ title: 'Beta' });
    expect(second.needsReview).toBe(false);
    expect(second.split?.merged.conflicts).toEqual([]);
  });

  it('dead-letters a child whose part names fields its workflow lacks as invalid_payload, without a model call', async ({
    testBed,
  }) => {
    const h = await testBed.harness({ registry: registry() });
    await h.startWorker();
    const part = {
      splitId: 'abc',
      parentId: 'p',
      index: 0,
      children: 1,
      source: 'none',
      window: null,
      paths: ['nope'],
      groups: 1,
    };
    await h
      .rawQueue()
      .add(
        'extract',
        { workflow: 'paged-list', version: 1, input: { text: 'x' }, part },
        { jobId: 'bad-part' },
      );
    const record = await h.dlqRecordOf('bad-part');
    expect(record.reason.kind).toBe('invalid_payload');
    expect(record.reason.message).toContain('part: ');
    expect(record.reason.message).toContain('nope');
    expect(h.standin.requests).toHaveLength(0);
  });

  it('keeps a short document whole: no split, no child, no split report', async ({ testBed }) => {
    const statement = await longTableDocument({ pages: 2 });
    const h = await testBed.harness({
      registry: registry(),
      simulate: { corpus: [{ workflow: 'ledger', text: statement.text, truth: statement.truth }] },
    });
    await h.startWorker();
    const { jobId } = await h.client.enqueue('ledger', { text: statement.text });
    const result = await h.client.waitForResult(jobId, { timeoutMs: 30_000 });
    expect(result.data).toEqual(statement.truth);
    expect(result.split).toBeUndefined();
    expect(h.standin.requests).toHaveLength(1);
    const keys = await h.redis.keys(`${quarryKeys({ prefix: h.prefix }).split('*').replace(/\*$/, '')}*`);
    expect(keys).toEqual([]);
  });

  it('waits for its children without holding a lock, and its children run on any worker', async ({
    testBed,
  }) => {
    const h = await testBed.harness({
      registry: registry(),
      plan: { 'e-p1': [item('A')], 'e-p2': [item('B')], 'e-p3': [item('C')] },
    });
    await h.startWorker({ WORKER_CONCURRENCY: '1' });
    const { jobId } = await h.client.enqueue('paged-list', { text: threePages('e') }, { version: 1 });
    // With one slot, the children could not run if the parent kept its slot while waiting.
    const result = await h.client.waitForResult(jobId, { timeoutMs: 30_000 });
    expect(result.data).toEqual({ items: [{ id: 'A' }, { id: 'B' }, { id: 'C' }] });
    await waitFor(
      async () => (await h.rawQueue().getJobCounts('waiting-children'))['waiting-children'] === 0,
      5_000,
      'no parent left waiting',
    );
  });
});
