import { describe, expect, it } from 'vitest';
import { type AccountBlobsInput, accountBlobs } from './blob-accounting';

const key = (n: number): string => `sha256:${n.toString(16).padStart(64, '0')}`;
const set = (...keys: string[]): ReadonlySet<string> => new Set(keys);

/**
 * Three document jobs: a and b send the same bytes (one blob, key 1), c its own (key 2); c was
 * dead-lettered, so after retention only its DLQ record refers to a blob.
 */
const clean: AccountBlobsInput = {
  documents: new Map([
    ['a', key(1)],
    ['b', key(1)],
    ['c', key(2)],
  ]),
  deadLettered: set('c'),
  puts: { created: 2, found: 1 },
  before: { stored: set(key(1), key(2)), referenced: set(key(1), key(2)) },
  jobsRemoved: 3,
  collected: 1,
  after: { stored: set(key(2)), referenced: set(key(2)) },
};

const row = (input: AccountBlobsInput, label: string) =>
  accountBlobs(input).rows.find((entry) => entry.label.trim() === label);

describe('accountBlobs', () => {
  it('passes a run where every referenced blob is stored and only DLQ records keep blobs after retention', () => {
    const accounting = accountBlobs(clean);
    expect(accounting.discrepancies).toEqual([]);
    expect(accounting.rows.every((entry) => entry.ok)).toBe(true);
    expect(row(clean, 'of which dead-lettered')?.value).toBe(1);
    expect(row(clean, 'puts of bytes already stored (deduplicated)')?.value).toBe(1);
    expect(row(clean, 'blobs kept for DLQ records')?.value).toBe(1);
  });

  it('counts an orphan (stored, referenced by nothing) before retention without faulting it', () => {
    const input = { ...clean, before: { ...clean.before, stored: set(key(1), key(2), key(3)) } };
    expect(accountBlobs(input).discrepancies).toEqual([]);
    expect(row(input, 'referenced by nothing (orphans)')?.value).toBe(1);
  });

  it('reports a document job whose blob is missing from the store', () => {
    const input = { ...clean, before: { stored: set(key(2)), referenced: set(key(1), key(2)) } };
    expect(accountBlobs(input).discrepancies).toEqual([
      `document job a: its blob ${key(1)} is not in the store`,
      `document job b: its blob ${key(1)} is not in the store`,
      `blob ${key(1)} is referenced by a job or DLQ record but not in the store`,
    ]);
    expect(row(input, 'blobs lost (referenced, not in the store)')).toMatchObject({ value: 3, ok: false });
  });

  it('reports a blob a DLQ record refers to that the garbage collection removed', () => {
    const input = { ...clean, collected: 2, after: { stored: set(), referenced: set(key(2)) } };
    expect(accountBlobs(input).discrepancies).toEqual([
      `blob ${key(2)} is referenced by a DLQ record but gone after retention`,
    ]);
    expect(row(input, 'blobs lost (referenced, not in the store)')).toMatchObject({ value: 1, ok: false });
  });

  it('reports a blob left after retention that nothing refers to (leaked)', () => {
    const input = { ...clean, collected: 0, after: { stored: set(key(1), key(2)), referenced: set(key(2)) } };
    expect(accountBlobs(input).discrepancies).toEqual([
      `blob ${key(1)} is left in the store after retention, referenced by nothing`,
    ]);
    expect(row(input, 'blobs leaked (left, referenced by nothing)')).toMatchObject({ value: 1, ok: false });
  });

  it('shows five lines of a kind, then how many more', () => {
    const many = Array.from({ length: 8 }, (_, n) => key(10 + n));
    const input = { ...clean, after: { stored: set(key(2), ...many), referenced: set(key(2)) } };
    const { discrepancies } = accountBlobs(input);
    expect(discrepancies).toHaveLength(6);
    expect(discrepancies.at(-1)).toBe('…and 3 more like it');
  });
});
