import { describe, expect, it } from 'vitest';
import { batchRef, customIdOf, intentMarkerOf, parseBatchRef } from './batch-ref';

const allowed = /^[A-Za-z0-9_-]{1,64}$/;
const intentId = '0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0';

describe('batch refs and custom_ids', () => {
  it('names job, generation, attempt and the intent marker in the custom_id when they fit the API rules', () => {
    const ref = batchRef({ jobKey: '42@1767225600000', attempt: 2 });
    expect(ref).toBe('42@1767225600000#2');
    expect(parseBatchRef(ref)).toEqual({ jobId: '42', timestamp: 1767225600000, attempt: 2 });
    expect(customIdOf({ ref, intentId })).toBe('j42-g1767225600000-a2-i0f1e2d');
  });

  it('hashes refs whose job id has other characters or is too long, always within the rules', () => {
    for (const jobId of ['order:7/a b', 'x'.repeat(80), 'ünïcode']) {
      const id = customIdOf({ ref: batchRef({ jobKey: `${jobId}@1#1`, attempt: 1 }), intentId });
      expect(id).toMatch(allowed);
      expect(id).toMatch(/^h[0-9a-f]{40}-i0f1e2d$/);
    }
    expect(customIdOf({ ref: 'a@1#1', intentId })).not.toBe(customIdOf({ ref: 'a@1#2', intentId }));
  });

  it('keeps a UUID job id readable up to attempt 99', () => {
    const jobId = '2f6e5aa8-2565-42e3-b7d3-056c27e62a41';
    const id = customIdOf({ ref: `${jobId}@1767225600000#99`, intentId });
    expect(id).toBe(`j${jobId}-g1767225600000-a99-i0f1e2d`);
    expect(id).toMatch(allowed);
  });

  it('gives the same attempt another custom_id in another submission', () => {
    const other = '9a8b7c6d-5e4f-4031-a2b3-c4d5e6f70819';
    expect(customIdOf({ ref: '42@1#1', intentId })).not.toBe(customIdOf({ ref: '42@1#1', intentId: other }));
    expect(intentMarkerOf(other)).toBe('9a8b7c');
  });

  it('refuses what is not a ref', () => {
    expect(parseBatchRef('no-attempt')).toBeNull();
    expect(parseBatchRef('j@x#1')).toBeNull();
  });
});
