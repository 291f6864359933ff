import { describe, expect, it } from 'vitest';
import { CorpusIndex } from './corpus-index';
import { CorpusEntry } from './standin-options';

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

  it('finds a document by the sha-256 of its bytes before its text, and needs one or the other', () => {
    const scan = { workflow: 'd', sha256: 'ab'.repeat(32), truth: 5 };
    const both = new CorpusIndex([short, scan]);
    expect(both.find('image:whatever', 'ab'.repeat(32))).toBe(scan);
    expect(both.find('HEADER\nbody one', 'ab'.repeat(32))).toBe(scan);
    expect(both.find('HEADER\nbody one', 'cd'.repeat(32))).toBe(short);
    expect(both.find('image:whatever', 'cd'.repeat(32))).toBeUndefined();
    expect(CorpusEntry.safeParse({ workflow: 'd', truth: 5 }).error?.issues[0]?.message).toBe(
      'a corpus entry needs its text or the sha256 of its bytes',
    );
    expect(CorpusEntry.safeParse({ workflow: 'd', sha256: 'AB', truth: 5 }).success).toBe(false);
  });

  describe('findPages', () => {
    const pages = Array.from({ length: 250 }, (_, index) =>
      ['STATEMENT', `Page ${index + 1}`, `Row ${index * 2}   10.00`, `Row ${index * 2 + 1}   11.00`].join(
        '\n',
      ),
    );
    const paged = { workflow: 'e', text: pages.join('\f'), truth: 6 };
    const withPages = new CorpusIndex([paged, short]);

    it('finds the run of pages a block shows, layout ignored, and no whole entry', () => {
      const window = pages.slice(19, 30).join('\f').replaceAll('   ', ' ');
      expect(withPages.find(window)).toBeUndefined();
      expect(withPages.findPages(window)).toEqual({ entry: paged, firstPage: 20, lastPage: 30 });
      expect(withPages.findPages(`intro\n${pages[249]}\noutro`)).toEqual({
        entry: paged,
        firstPage: 250,
        lastPage: 250,
      });
    });

    it('finds no run when no page is whole, and none in entries without pages', () => {
      expect(withPages.findPages('STATEMENT\nPage 3\nRow 4 10.00')).toBeUndefined();
      expect(withPages.findPages('HEADER\nbody one')).toBeUndefined();
      expect(index.findPages('HEADER\nbody one')).toBeUndefined();
    });

    it('takes pages in their order only', () => {
      const swapped = [pages[4], pages[3]].join('\n');
      expect(withPages.findPages(swapped)).toMatchObject({ firstPage: 4, lastPage: 4 });
    });

    it('stays fast on a 250-page entry', () => {
      const window = pages.slice(100, 130).join('\n');
      const started = performance.now();
      for (let round = 0; round < 200; round++) withPages.findPages(window);
      // About 1 ms a lookup on an idle machine; a scan of every substring would take seconds.
      expect(performance.now() - started).toBeLessThan(5_000);
    });
  });
});
