import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { error, manifest, problemsOf, refused, setsOfTest } from '../test-fixtures/set-directory';
import { labelledSetLimits } from './labelled-set-limits';
import { readLabelledDirectory } from './read-labelled-directory';

const make = setsOfTest();

describe('readLabelledDirectory: manifest.jsonl', () => {
  it('reads every item: file or text, expected inline or by path, workflow and tags', async () => {
    const { dir } = make({
      'manifest.jsonl': manifest(
        {
          id: 'inv-1',
          file: 'docs/inv-1.pdf',
          expected: { total: 12.5 },
          workflow: 'invoice@2',
          tags: ['q1'],
        },
        { id: 'inv-2', text: 'Invoice 2, total 7', expected: 'labels/inv-2.json', workflow: 'invoice' },
        { id: 'scan', file: 'scan.JPG', expected: { total: 1 } },
        { id: 'note', file: 'note.md', expected: { total: 2 } },
      ),
      'docs/inv-1.pdf': '%PDF-1.7 one',
      'labels/inv-2.json': '{ "total": 7 }',
      'scan.JPG': 'jpeg bytes',
      'note.md': '\ufeff# Note\ntotal 2\n',
    });
    const read = await readLabelledDirectory({ dir });
    expect(read).toEqual({
      dir,
      source: 'manifest',
      problems: [],
      items: [
        {
          id: 'inv-1',
          document: { kind: 'file', path: join(dir, 'docs/inv-1.pdf'), mediaType: 'application/pdf' },
          expected: { total: 12.5 },
          workflow: { name: 'invoice', version: 2 },
          tags: ['q1'],
        },
        {
          id: 'inv-2',
          document: { kind: 'text', text: 'Invoice 2, total 7' },
          expected: { total: 7 },
          workflow: { name: 'invoice' },
          tags: [],
        },
        {
          id: 'scan',
          document: { kind: 'file', path: join(dir, 'scan.JPG'), mediaType: 'image/jpeg' },
          expected: { total: 1 },
          tags: [],
        },
        {
          id: 'note',
          document: { kind: 'text', text: '# Note\ntotal 2\n' },
          expected: { total: 2 },
          tags: [],
        },
      ],
    });
  });

  it('takes CRLF line ends and skips blank lines; line numbers count them', async () => {
    const { dir } = make({
      'manifest.jsonl': `${JSON.stringify({ id: 'a', text: 'x', expected: { v: 1 } })}\r\n\r\n{"id":"b"\r\n`,
    });
    expect(await problemsOf(dir)).toEqual([error('not-json', 3)]);
  });

  it('names the line of a line that is not JSON, without quoting it', async () => {
    const { dir } = make({
      'manifest.jsonl': manifest({ id: 'a', text: 'x', expected: { v: 1 } }, "{ id: 'secret-value' }"),
    });
    const thrown = await refused(dir);
    expect(thrown.name).toBe('LabelledSetError');
    expect(thrown.problems).toEqual([
      {
        severity: 'error',
        kind: 'not-json',
        line: 2,
        file: null,
        message: "not JSON: column 3: expected a property name in double quotes but found 'i'",
      },
    ]);
    expect(thrown.message).toContain('line 2: not JSON');
    expect(thrown.message).not.toContain('secret-value');
  });

  it('lists every bad line and returns nothing when one is bad', async () => {
    const { dir } = make({
      'manifest.jsonl': manifest(
        { id: 'good', text: 'x', expected: { v: 1 } },
        { id: 'both', file: 'a.pdf', text: 'x', expected: { v: 1 } },
        { id: 'neither', expected: { v: 1 } },
        { id: 'typo', text: 'x', expect: { v: 1 } },
        { id: 'wf', text: 'x', expected: { v: 1 }, workflow: 'Invoice@0' },
        { id: '', text: 'x', expected: { v: 1 } },
        { id: 'arr', text: 'x', expected: [1, 2] },
        [1, 2],
      ),
      'a.pdf': '%PDF',
    });
    expect(await problemsOf(dir)).toEqual([2, 3, 4, 5, 6, 7, 8].map((line) => error('bad-item', line)));
    const thrown = await refused(dir);
    expect(thrown.problems.map((problem) => problem.message)).toEqual([
      'must have the document as either file or text (one of them)',
      'must have the document as either file or text (one of them)',
      'expected: must be the output object, or the path of a JSON file holding it; Unrecognized key: "expect"',
      'workflow: must be NAME or NAME@VERSION, e.g. invoice or invoice@2',
      'id: must not be empty',
      'expected: must be the output object, or the path of a JSON file holding it',
      'Invalid input: expected object, received array',
    ]);
  });

  it('refuses an id used twice, naming the first line', async () => {
    const { dir } = make({
      'manifest.jsonl': manifest(
        { id: 'a', text: 'x', expected: { v: 1 } },
        { id: 'b', text: 'y', expected: { v: 1 } },
        { id: 'a', text: 'z', expected: { v: 2 } },
      ),
    });
    const thrown = await refused(dir);
    expect(thrown.problems).toMatchObject([
      { kind: 'duplicate-id', line: 3, message: 'the id is already used on line 1' },
    ]);
  });

  it('refuses a set that is not a directory, and one without items', async () => {
    const { dir } = make({ 'manifest.jsonl': '\n\n', 'file.txt': 'x' });
    expect(await problemsOf(dir)).toEqual([error('no-items', null)]);
    expect(await problemsOf(join(dir, 'file.txt'))).toEqual([error('not-a-directory', null)]);
    expect(await problemsOf(join(dir, 'missing'))).toEqual([error('not-a-directory', null)]);
  });

  it('refuses a manifest over the byte cap and one over the line cap, before reading any item', async () => {
    const line = { id: 'a', text: 'x'.repeat(600), expected: { v: 1 } };
    const { dir } = make({ 'manifest.jsonl': manifest(line, { ...line, id: 'b' }) });
    expect(await problemsOf(dir, { maxManifestBytes: 1024 })).toEqual([
      error('too-large', null, 'manifest.jsonl'),
    ]);
    expect(await problemsOf(dir, { maxItems: 1 })).toEqual([error('too-many-lines', null, 'manifest.jsonl')]);
    expect((await readLabelledDirectory({ dir, limits: { maxItems: 2 } })).items).toHaveLength(2);
  });

  it('refuses a manifest that is not UTF-8 or not a file', async () => {
    const { dir } = make({ 'manifest.jsonl': new Uint8Array([0x7b, 0xff, 0x7d, 0x0a]) });
    expect(await problemsOf(dir)).toEqual([error('not-utf8', null, 'manifest.jsonl')]);
    const other = make({ 'manifest.jsonl/x': 'x' });
    expect(await problemsOf(other.dir)).toEqual([error('not-a-file', null, 'manifest.jsonl')]);
  });
});

describe('labelledSetLimits', () => {
  it('fills defaults and clamps every number; anything but a finite number is the default', () => {
    expect(labelledSetLimits()).toEqual({
      maxItems: 10_000,
      maxManifestBytes: 64 * 1024 * 1024,
      maxExpectedBytes: 1024 * 1024,
      maxTextBytes: 1024 * 1024,
      maxDocumentBytes: 32 * 1024 * 1024,
    });
    expect(labelledSetLimits({ maxItems: -5, maxManifestBytes: 1, maxTextBytes: 2.7 })).toMatchObject({
      maxItems: 1,
      maxManifestBytes: 1024,
      maxTextBytes: 2,
    });
    expect(
      labelledSetLimits({ maxItems: Number.NaN, maxExpectedBytes: Number.POSITIVE_INFINITY }),
    ).toMatchObject({
      maxItems: 10_000,
      maxExpectedBytes: 1024 * 1024,
    });
  });
});
