import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { corpusDirectory } from './corpus-directory';

const root = fileURLToPath(new URL('../../../../', import.meta.url));

describe('corpusDirectory', () => {
  it('is ../shared/corpus beside the repository by default, and when QUARRY_CORPUS_DIR is blank', () => {
    expect(corpusDirectory({})).toBe(resolve(root, '../shared/corpus'));
    expect(corpusDirectory({ QUARRY_CORPUS_DIR: '  ' })).toBe(resolve(root, '../shared/corpus'));
  });

  it('reads QUARRY_CORPUS_DIR relative to the repository root, or as an absolute path', () => {
    expect(corpusDirectory({ QUARRY_CORPUS_DIR: 'corpora/mine' })).toBe(resolve(root, 'corpora/mine'));
    expect(corpusDirectory({ QUARRY_CORPUS_DIR: '/data/corpus' })).toBe('/data/corpus');
  });
});
