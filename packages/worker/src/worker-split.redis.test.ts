import { WorkflowRegistry } from '@quarry/core';
import { ledgerWorkflow, longTableDocument } from '@quarry/samples';
import { describe, expect } from 'vitest';
import { it } from './test-fixtures/use-worker-harness';
import { testRegistry } from './worker-test-harness';

const registry = () => new WorkflowRegistry([...testRegistry().list(), ledgerWorkflow]);

describe('a split job (long documents in page windows, merged)', () => {
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
  });
});
