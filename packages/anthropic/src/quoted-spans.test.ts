import { describe, expect, it } from 'vitest';
import { quotedSpans } from './quoted-spans';

/** The text with every flagged character shown as `#`. */
const marked = (text: string, sources: readonly string[], minLength?: number) => {
  const covered = quotedSpans({ text, sources, ...(minLength ? { minLength } : {}) });
  return [...text].map((character, index) => (covered[index] ? '#' : character)).join('');
};

describe('quotedSpans', () => {
  it('flags every run of the minimum length that a source contains, and nothing else', () => {
    const source = 'The vault combination is PLUTO-7731, do not share.';
    expect(marked('error: combination is PLUTO-7731 rejected', [source])).toBe(
      'error:########################## rejected',
    );
    expect(marked('error: short PLUTO bits', [source])).toBe('error: short PLUTO bits');
  });

  it('finds quotes of the JSON-escaped form a request body carries', () => {
    const source = 'line one of the note\nline "two" of the note';
    const echoed = `bad body {"text":${JSON.stringify(source)}}`;
    const covered = marked(echoed, [source]);
    expect(covered).not.toMatch(/line|note|two/);
    expect(covered.startsWith('bad body {"text":"')).toBe(true);
  });

  it('searches sources shorter than the minimum length whole (from 6 characters)', () => {
    expect(marked('got PIN-42 back', ['PIN-42'])).toBe('got ###### back');
    expect(marked('got abc back', ['abc'])).toBe('got abc back');
  });

  it('stays fast on a large source', () => {
    const source = `${'lorem ipsum dolor sit amet '.repeat(10_000)}SECRET-TAIL-0042`;
    const started = performance.now();
    const covered = marked(`x ${'y'.repeat(900)} SECRET-TAIL-0042`, [source]);
    expect(covered.endsWith('################')).toBe(true);
    expect(performance.now() - started).toBeLessThan(2000);
  });

  it('row 97: stays fast when an upstream text echoes a repetitive document', () => {
    // Every window of both texts is the same: each must be searched for once, not at every position.
    const started = performance.now();
    const covered = marked(`x ${'a'.repeat(1000)}`, ['a'.repeat(200_000)]);
    expect(covered).toBe(`x ${'#'.repeat(1000)}`);
    expect(performance.now() - started).toBeLessThan(2000);
  });
});
