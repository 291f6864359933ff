import { describe, expect, it } from 'vitest';
import { attemptInputHash } from './attempt-input-hash';
import { attemptJobKey } from './attempt-job-key';

describe('attemptJobKey', () => {
  it('names one job generation: the same id created again is another key', () => {
    expect(attemptJobKey({ id: 'order-42', timestamp: 1_700_000_000_000 })).toBe('order-42@1700000000000');
    expect(attemptJobKey({ id: 'order-42', timestamp: 1_700_000_000_001 })).not.toBe(
      attemptJobKey({ id: 'order-42', timestamp: 1_700_000_000_000 }),
    );
  });

  it('refuses a job without an id', () => {
    expect(() => attemptJobKey({ timestamp: 1 })).toThrow('A job without an id has no attempt records');
  });
});

describe('attemptInputHash', () => {
  const base = { workflow: 'invoice', version: 1, input: { text: 'Invoice A' } };

  it('is stable for the same workflow, version and input', () => {
    expect(attemptInputHash(base)).toBe(attemptInputHash({ ...base, input: { text: 'Invoice A' } }));
    expect(attemptInputHash(base)).toMatch(/^[0-9a-f]{64}$/);
  });

  it('differs when the input, the version or the workflow differs', () => {
    const hashes = new Set([
      attemptInputHash(base),
      attemptInputHash({ ...base, input: { text: 'Invoice B' } }),
      attemptInputHash({ ...base, version: 2 }),
      attemptInputHash({ ...base, workflow: 'receipt' }),
    ]);
    expect(hashes.size).toBe(4);
  });
});
