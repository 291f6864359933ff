import { describe, expect, it } from 'vitest';
import type { FileMetadataWire } from './file-store';
import { readFileListQuery } from './read-file-list-query';

const files = ['f5', 'f4', 'f3', 'f2', 'f1'].map((id) => ({ id }) as FileMetadataWire);
const pageOf = (query: string) => {
  const read = readFileListQuery(new URLSearchParams(query));
  if (!read.ok) throw new Error(read.message);
  const page = read.page(files);
  return { ids: page.data.map((file) => file.id), ...page, data: undefined };
};

describe('readFileListQuery', () => {
  it('pages newest first with the cursor the SDK passes back as page', () => {
    expect(pageOf('limit=2')).toMatchObject({ ids: ['f5', 'f4'], has_more: true, next_page: 'f4' });
    expect(pageOf('limit=2&page=f4')).toMatchObject({ ids: ['f3', 'f2'], has_more: true, next_page: 'f2' });
    expect(pageOf('limit=2&after_id=f2')).toMatchObject({ ids: ['f1'], has_more: false, next_page: null });
    expect(pageOf('limit=2&before_id=f2')).toMatchObject({
      ids: ['f4', 'f3'],
      has_more: true,
      first_id: 'f4',
    });
    expect(pageOf('page=gone')).toMatchObject({ ids: [], has_more: false });
  });

  it('names a bad limit or two cursors', () => {
    for (const query of ['limit=0', 'limit=1001', 'limit=ten', 'page=f1&before_id=f2']) {
      const read = readFileListQuery(new URLSearchParams(query));
      expect(read.ok, query).toBe(false);
    }
  });
});
