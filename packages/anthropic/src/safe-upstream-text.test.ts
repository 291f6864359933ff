import { describe, expect, it } from 'vitest';
import { safeUpstreamText, upstreamTextMaxChars } from './safe-upstream-text';

const DOCUMENT = 'Patient: Jane Roe, vault combination PLUTO-7731, balance 1,204.50 EUR';
const KEY = 'corp-gateway-key-5be1c0';

describe('safeUpstreamText', () => {
  it('keeps an ordinary API message as it is', () => {
    expect(safeUpstreamText({ text: 'max_tokens: must be at most 64000', requestTexts: [DOCUMENT] })).toBe(
      'max_tokens: must be at most 64000',
    );
  });

  it('withholds every quote of the request, JSON-escaped or not', () => {
    const body = JSON.stringify({
      messages: [{ role: 'user', content: `<document>\n${DOCUMENT}\n</document>` }],
    });
    const safe = safeUpstreamText({
      text: `Invalid request: ${body}`,
      requestTexts: [`<document>\n${DOCUMENT}\n</document>`],
    });
    expect(safe).not.toMatch(/Jane|PLUTO|1,204/);
    expect(safe).toContain('Invalid request: {"messages":[{"role":"user","content":"[request text withheld]');
  });

  it('removes the key it was given and API key patterns', () => {
    const safe = safeUpstreamText({
      text: `invalid x-api-key "${KEY}" (also tried sk-ant-api03-AbCdEf_123)`,
      secrets: [KEY],
    });
    expect(safe).toBe('invalid x-api-key "[redacted]" (also tried sk-ant-[redacted])');
  });

  it('turns control and format characters into spaces', () => {
    expect(safeUpstreamText({ text: 'bad\u001b[2J\r\nrequest\u202e\u200b here\u0007' })).toBe(
      'bad [2J request here',
    );
  });

  it(`keeps at most ${upstreamTextMaxChars} characters`, () => {
    const safe = safeUpstreamText({ text: 'é'.repeat(5000) });
    expect([...safe]).toHaveLength(upstreamTextMaxChars);
    expect(safe.endsWith('…')).toBe(true);
  });

  it('withholds a quote that runs past the part searched', () => {
    const long = `${'filler '.repeat(130)}${DOCUMENT.repeat(20)}`;
    const safe = safeUpstreamText({ text: long, requestTexts: [DOCUMENT] });
    expect(safe).not.toMatch(/Jane|PLUTO/);
  });
});
