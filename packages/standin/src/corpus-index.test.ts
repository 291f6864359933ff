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

  it('finds a document whose layout a PDF text layer lost: spacing, blank lines, compatibility forms', () => {
    const table = {
      workflow: 'c',
      text: 'Item        Qty    Amount\n\nTips 200 µl   30   CHF 7.44\n',
      truth: 4,
    };
    const tables = new CorpusIndex([table, inline]);
    expect(tables.find('Item Qty Amount\nTips 200 μl 30 CHF 7.44')).toBe(table);
    expect(tables.find('Item Qty Amount\nTips 200 μl 30 CHF 7.45')).toBeUndefined();
  });
});
