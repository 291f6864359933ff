import { describe, expect, it } from 'vitest';
import { InMemoryAttemptStore } from '../attempts/in-memory-attempt-store';
import { receiptWorkflow, validReceipt } from '../test-fixtures/receipt-workflow';
import { FakeModelClient, type FakeScript } from '../testing/fake-model-client';
import { extract } from './extract';
import type { ExtractWarning } from './extract-options';

const jobKey = 'order-42@1700000000000';
const documentA = { text: 'CORNER CAFE\n2024-03-01\nCoffee 3.50\nBagel 2.25\nTOTAL 5.75' };
const documentB = { text: 'HARBOUR DELI\n2024-04-02\nSoup 4.00\nTOTAL 4.00' };
const receiptB = {
  merchant: 'Harbour Deli',
  date: '2024-04-02',
  items: [{ name: 'Soup', price: 4 }],
  total: 4,
};

function run(options: {
  store: InMemoryAttemptStore;
  input: { text: string };
  inputHash: string;
  script: FakeScript;
}) {
  const model = new FakeModelClient(options.script);
  const warnings: ExtractWarning[] = [];
  const result = extract({
    workflow: receiptWorkflow(),
    input: options.input,
    model,
    attempts: { store: options.store, jobKey, inputHash: options.inputHash },
    onWarning: (warning) => warnings.push(warning),
  });
  return { model, warnings, result };
}

describe('stored attempts of another input', () => {
  it('are discarded with a warning: the job asks the model and returns its own data', async () => {
    const store = new InMemoryAttemptStore();
    const a = run({ store, input: documentA, inputHash: 'hash-a', script: [{ json: validReceipt }] });
    expect((await a.result).data).toEqual(validReceipt);
    expect((await store.load(jobKey)).map((record) => record.inputHash)).toEqual(['hash-a']);

    const b = run({ store, input: documentB, inputHash: 'hash-b', script: [{ json: receiptB }] });
    const result = await b.result;
    expect(result.data).toEqual(receiptB);
    expect(result.attempts).toBe(1);
    expect(b.model.calls).toBe(1);
    expect(JSON.stringify(b.model.requests[0]?.messages)).toContain('HARBOUR DELI');
    expect(b.warnings).toEqual([
      {
        code: 'stored_attempts_mismatch',
        message: `1 of 1 stored attempts of job ${jobKey} answer another input (workflow, version or input differ); all were discarded and the job starts afresh`,
      },
    ]);
    // Only B's own attempt is left: A's can never be mixed into B's history.
    expect((await store.load(jobKey)).map((record) => [record.n, record.inputHash])).toEqual([[1, 'hash-b']]);
  });

  it('discards every record, also the ones that match, when some answer another input', async () => {
    const store = new InMemoryAttemptStore();
    const bad = { json: { ...validReceipt, total: 1 } };
    await run({ store, input: documentA, inputHash: 'hash-a', script: [bad, bad, bad] }).result.catch(
      () => {},
    );
    const [first, second] = await store.load(jobKey);
    await store.clear(jobKey);
    await store.append(jobKey, first as never);
    await store.append(jobKey, { ...(second as object), inputHash: 'hash-other' } as never);

    const again = run({ store, input: documentA, inputHash: 'hash-a', script: [{ json: validReceipt }] });
    const result = await again.result;
    expect(result).toMatchObject({ data: validReceipt, attempts: 1 });
    expect(again.warnings.map((warning) => warning.code)).toEqual(['stored_attempts_mismatch']);
  });

  it('treats records without a hash (written before hashes existed) as another input', async () => {
    const store = new InMemoryAttemptStore();
    await run({ store, input: documentA, inputHash: 'hash-a', script: [{ json: validReceipt }] }).result;
    const [record] = await store.load(jobKey);
    const { inputHash: _dropped, ...legacy } = record as NonNullable<typeof record>;
    await store.clear(jobKey);
    await store.append(jobKey, legacy);

    const again = run({ store, input: documentA, inputHash: 'hash-a', script: [{ json: validReceipt }] });
    expect(await again.result).toMatchObject({ data: validReceipt, attempts: 1 });
    expect(again.model.calls).toBe(1);
    expect(again.warnings.map((warning) => warning.code)).toEqual(['stored_attempts_mismatch']);
  });

  it('resumes without a model call when the hash matches', async () => {
    const store = new InMemoryAttemptStore();
    await run({ store, input: documentA, inputHash: 'hash-a', script: [{ json: validReceipt }] }).result;
    const again = run({ store, input: documentA, inputHash: 'hash-a', script: [] });
    expect(await again.result).toMatchObject({ data: validReceipt, attempts: 1 });
    expect(again.model.calls).toBe(0);
    expect(again.warnings).toEqual([]);
  });
});
