import { describe, expect, it } from 'vitest';
import { expandToWords } from './word-char';

function widened(text: string, part: string): string {
  const at = text.indexOf(part);
  const { start, end } = expandToWords(text, { start: at, end: at + part.length });
  return text.slice(start, end);
}

describe('expandToWords', () => {
  it('takes in the rest of words cut at either end', () => {
    expect(widened('| Rabatt | (12,00) |', 'Rabat')).toBe('Rabatt');
    expect(widened('Invoice INV-421 dated', 'INV-42')).toBe('INV-421');
    expect(widened('Total 1.234,56 EUR', '234,5')).toBe('1.234,56');
    expect(widened('Café crème', 'afé cr')).toBe('Café crème');
  });

  it('leaves whole words, punctuation edges and unspaced scripts alone', () => {
    expect(widened('Rechnung Nr. 42.', 'Nr. 42')).toBe('Nr. 42');
    expect(widened('東京都千代田区', '千代田')).toBe('千代田');
    expect(widened('x 𝐀𝐁𝐂 y', '𝐁')).toBe('𝐀𝐁𝐂');
  });
});
