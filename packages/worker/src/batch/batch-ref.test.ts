import { describe, expect, it } from 'vitest';
import { batchRef, customIdOf, parseBatchRef } from './batch-ref';

const allowed = /^[A-Za-z0-9_-]{1,64}$/;

describe('batch refs and custom_ids', () => {
  it('names job, generation and attempt in the custom_id when they fit the API rules', () => {
    const ref = batchRef({ jobKey: '42@1767225600000', attempt: 2 });
    expect(ref).toBe('42@1767225600000#2');
    expect(parseBatchRef(ref)).toEqual({ jobId: '42', timestamp: 1767225600000, attempt: 2 });
    expect(customIdOf(ref)).toBe('j42-g1767225600000-a2');
  });

  it('hashes refs whose job id has other characters or is too long, always within the rules', () => {
    for (const jobId of ['order:7/a b', 'x'.repeat(80), 'ünïcode']) {
      const id = customIdOf(batchRef({ jobKey: `${jobId}@1#1`, attempt: 1 }));
      expect(id).toMatch(allowed);
      expect(id).toMatch(/^h[0-9a-f]{40}$/);
    }
    expect(customIdOf('a@1#1')).not.toBe(customIdOf('a@1#2'));
  });

  it('refuses what is not a ref', () => {
    expect(parseBatchRef('no-attempt')).toBeNull();
    expect(parseBatchRef('j@x#1')).toBeNull();
  });
});
