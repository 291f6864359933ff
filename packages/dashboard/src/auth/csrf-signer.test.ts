import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { CsrfSigner } from './csrf-signer';

describe('CsrfSigner', () => {
  it('accepts the token of an identity only for that identity and key', () => {
    const key = randomBytes(32);
    const signer = new CsrfSigner(key);
    const token = signer.csrfToken('session-a');
    expect(signer.checkCsrf('session-a', token)).toBe(true);
    // Another replica with the same key accepts it too; another key or identity does not.
    expect(new CsrfSigner(Buffer.from(key)).checkCsrf('session-a', token)).toBe(true);
    expect(new CsrfSigner(randomBytes(32)).checkCsrf('session-a', token)).toBe(false);
    expect(signer.checkCsrf('session-b', token)).toBe(false);
  });

  it('refuses a missing, altered, truncated or non-text token', () => {
    const signer = new CsrfSigner(randomBytes(32));
    const token = signer.csrfToken('basic\nalice\ndigest');
    for (const given of [undefined, '', `${token}x`, token.slice(1), token.toUpperCase(), [token], 42]) {
      expect(signer.checkCsrf('basic\nalice\ndigest', given)).toBe(false);
    }
  });

  it('refuses a key shorter than 32 bytes', () => {
    expect(() => new CsrfSigner(randomBytes(31))).toThrow(/at least 32 bytes/);
  });
});
