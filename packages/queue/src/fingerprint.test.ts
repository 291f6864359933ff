import { describe, expect, it } from 'vitest';
import { fingerprint } from './fingerprint';

describe('fingerprint', () => {
  it('is a short stable hash of the kind and the top signatures, whatever their order and repeats', () => {
    const a = fingerprint({ reason: 'validation_exhausted', signatures: ['s:a', 's:b', 's:a', 's:c'] });
    expect(a).toMatch(/^[0-9a-f]{16}$/);
    expect(fingerprint({ reason: 'validation_exhausted', signatures: ['s:c', 's:a', 's:b', 's:a'] })).toBe(a);
  });

  it('takes the three most frequent signatures only', () => {
    const base = ['x', 'x', 'y', 'y', 'z', 'z'];
    expect(fingerprint({ reason: 'no_progress', signatures: [...base, 'rare'] })).toBe(
      fingerprint({ reason: 'no_progress', signatures: [...base, 'other-rare'] }),
    );
    expect(fingerprint({ reason: 'no_progress', signatures: [...base, 'w', 'w', 'w'] })).not.toBe(
      fingerprint({ reason: 'no_progress', signatures: base }),
    );
  });

  it('differs by kind', () => {
    expect(fingerprint({ reason: 'refused', signatures: [] })).not.toBe(
      fingerprint({ reason: 'permanent', signatures: [] }),
    );
  });
});
