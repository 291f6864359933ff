import { describe, expect, it } from 'vitest';
import { exportFileName } from './export-file-name';

describe('exportFileName', () => {
  it('keeps plain ids, and makes any other safe and distinct with a digest of the id', () => {
    const used = new Set<string>();
    const name = (
      id: string,
      mediaType: Parameters<typeof exportFileName>[0]['mediaType'] = 'application/pdf',
    ) => exportFileName({ id, mediaType, used });
    expect(name('invoice-1')).toBe('invoice-1.pdf');
    expect(name('scan_2.v1', 'image/jpeg')).toBe('scan_2.v1.jpg');
    const hostile = ['../x', '..', '.', '.hidden', 'a/b', 'a\\b', 'C:\\x', 'a\u0000b', 'é', '', ' '];
    const names = hostile.map((id) => name(id));
    for (const file of names) {
      expect(file).toMatch(/^[A-Za-z0-9_-][A-Za-z0-9._-]*-[0-9a-f]{12}\.pdf$/);
    }
    expect(name('x'.repeat(1000)).length).toBeLessThanOrEqual(96 + 1 + 12 + 4);
    // `a_b` is plain; `a/b` became `a_b` with a digest: distinct.
    expect(name('a_b')).toBe('a_b.pdf');
    expect(new Set([...names, 'a_b.pdf']).size).toBe(names.length + 1);
  });

  it('never gives two ids names that differ only in case', () => {
    const used = new Set<string>();
    const doc = exportFileName({ id: 'Doc', mediaType: 'image/png', used });
    const lower = exportFileName({ id: 'doc', mediaType: 'image/png', used });
    expect(doc).toBe('Doc.png');
    expect(lower).toMatch(/^doc-[0-9a-f]{32}\.png$/);
    expect(exportFileName({ id: 'doc', mediaType: 'image/png', used })).toMatch(/^doc-[0-9a-f]{32}-2\.png$/);
  });
});
