import { describe, expect, it } from 'vitest';
import { CorpusIndex } from './corpus-index';

describe('CorpusIndex', () => {
  const short = { workflow: 'a', text: 'HEADER\nbody one', truth: 1 };
  const long = { workflow: 'a', text: 'HEADER\nbody one\nand more', truth: 2 };
  const inline = { workflow: 'b', text: 'Ticket: printer on fire', truth: 3 };
  const index = new CorpusIndex([short, long, inline]);

  it('finds the longest corpus text the block contains', () => {
    expect(index.find('<document>\nHEADER\nbody one\n</document>')).toBe(short);
    expect(index.find('<document>\n  HEADER\nbody one\nand more\n</document>')).toBe(long);
    expect(index.find('<document>Ticket: printer on fire</document>')).toBe(inline);
    expect(index.find('HEADER\nbody two')).toBeUndefined();
  });
});
