import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { setsOfTest } from '../test-fixtures/set-directory';
import { LabelledSetError } from './labelled-set-error';
import { readLabelledDirectory } from './read-labelled-directory';

const make = setsOfTest();
const refusal = (dir: string, limits?: { maxItems?: number }) =>
  readLabelledDirectory({ dir, ...(limits ? { limits } : {}) }).then(
    () => {
      throw new Error('the set was read');
    },
    (thrown: unknown) => {
      expect(thrown).toBeInstanceOf(LabelledSetError);
      return (thrown as LabelledSetError).problems.map(({ severity, kind, file }) => ({
        severity,
        kind,
        file,
      }));
    },
  );

describe('readLabelledDirectory: a directory without a manifest', () => {
  it('pairs each document with NAME.json beside it or in expected/, in order of id', async () => {
    const { dir } = make({
      'b-invoice.pdf': '%PDF b',
      'b-invoice.json': '{"total": 2}',
      'a-receipt.PNG': 'png',
      'expected/a-receipt.json': '{"total": 1}',
      'c.note.txt': 'total 3',
      'c.note.json': '{"total": 3}',
    });
    const read = await readLabelledDirectory({ dir });
    expect(read).toEqual({
      dir,
      source: 'directory',
      problems: [],
      items: [
        {
          id: 'a-receipt',
          document: { kind: 'file', path: join(dir, 'a-receipt.PNG'), mediaType: 'image/png' },
          expected: { total: 1 },
          tags: [],
        },
        {
          id: 'b-invoice',
          document: { kind: 'file', path: join(dir, 'b-invoice.pdf'), mediaType: 'application/pdf' },
          expected: { total: 2 },
          tags: [],
        },
        { id: 'c.note', document: { kind: 'text', text: 'total 3' }, expected: { total: 3 }, tags: [] },
      ],
    });
  });

  it('skips and reports unpaired documents and expected outputs, other files and folders; dot files unreported', async () => {
    const { dir } = make({
      'a.pdf': '%PDF a',
      'a.json': '{"v": 1}',
      'lonely.gif': 'gif',
      'orphan.json': '{"v": 2}',
      'expected/orphan2.json': '{"v": 3}',
      'expected/readme.txt': 'x',
      'notes.docx': 'x',
      'misc/x.pdf': '%PDF',
      '.DS_Store': 'x',
    });
    const read = await readLabelledDirectory({ dir });
    expect(read.items.map((item) => item.id)).toEqual(['a']);
    expect(read.problems.map(({ severity, kind, file }) => ({ severity, kind, file }))).toEqual([
      { severity: 'skipped', kind: 'ignored', file: 'misc' },
      { severity: 'skipped', kind: 'unknown-media-type', file: 'notes.docx' },
      { severity: 'skipped', kind: 'ignored', file: 'expected/readme.txt' },
      { severity: 'skipped', kind: 'no-expected', file: 'lonely.gif' },
      { severity: 'skipped', kind: 'no-document', file: 'orphan.json' },
      { severity: 'skipped', kind: 'no-document', file: 'expected/orphan2.json' },
    ]);
  });

  it('refuses two documents of one id and two expected outputs of one id', async () => {
    const { dir } = make({
      'a.pdf': '%PDF',
      'a.png': 'png',
      'a.json': '{"v": 1}',
      'b.pdf': '%PDF',
      'b.json': '{"v": 1}',
      'expected/b.json': '{"v": 2}',
    });
    expect(await refusal(dir)).toEqual([
      { severity: 'error', kind: 'duplicate-id', file: 'a.pdf, a.png' },
      { severity: 'error', kind: 'duplicate-id', file: 'b.json, expected/b.json' },
    ]);
  });

  it('refuses documents, expected outputs and an expected/ folder that lead out through links', async () => {
    const { dir } = make({
      'a.pdf': { link: '../outside/secret.pdf' },
      'a.json': '{"v": 1}',
      'b.pdf': '%PDF',
      'b.json': { link: '../outside/secret.json' },
    });
    expect(await refusal(dir)).toEqual([
      { severity: 'error', kind: 'outside-directory', file: 'a.pdf' },
      { severity: 'error', kind: 'outside-directory', file: 'b.json' },
    ]);
    const other = make({ 'c.pdf': '%PDF', expected: { link: '../outside' } });
    expect(await refusal(other.dir)).toEqual([
      { severity: 'error', kind: 'outside-directory', file: 'expected' },
    ]);
  });

  it('refuses an expected output that is not JSON, and a name that is no id', async () => {
    const { dir } = make({
      'a.pdf': '%PDF',
      'a.json': 'not json',
      'b\u0007.pdf': '%PDF',
      'b\u0007.json': '{}',
    });
    expect(await refusal(dir)).toEqual([
      { severity: 'error', kind: 'not-json', file: 'a.json' },
      { severity: 'error', kind: 'bad-item', file: 'b\u0007.pdf' },
    ]);
  });

  it('refuses a directory of more entries than four times the item limit, and one without items', async () => {
    const files = Object.fromEntries(Array.from({ length: 9 }, (_, i) => [`d${i}.pdf`, '%PDF']));
    const { dir } = make(files);
    expect(await refusal(dir, { maxItems: 2 })).toEqual([
      { severity: 'error', kind: 'too-many-files', file: null },
    ]);
    expect(await refusal(dir)).toEqual([
      ...Array.from({ length: 9 }, (_, i) => ({
        severity: 'skipped',
        kind: 'no-expected',
        file: `d${i}.pdf`,
      })),
      { severity: 'error', kind: 'no-items', file: null },
    ]);
  });
});
