import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { solidPng } from './document-test-kit';
import { InvalidStandinOptionsError } from './invalid-standin-options-error';
import type { LabelledSetProblem } from './labelled-set-error';
import { type ReadLabelledSetOptions, readLabelledSet } from './read-labelled-set';

const base = mkdtempSync(join(tmpdir(), 'standin-labelled-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));
let sets = 0;

/** A set directory holding `files` (string or bytes) and a manifest of `lines` (objects as JSON, strings as they are). */
function labelledSet(lines: readonly unknown[], files: Record<string, string | Buffer> = {}): string {
  const dir = join(base, `set-${++sets}`);
  mkdirSync(dir);
  for (const [name, content] of Object.entries(files)) {
    mkdirSync(join(dir, name, '..'), { recursive: true });
    writeFileSync(join(dir, name), content);
  }
  const text = lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n');
  writeFileSync(join(dir, 'manifest.jsonl'), text);
  return dir;
}

const pdf = Buffer.from('%PDF-1.4\n% a stand-in only compares these bytes\n');
const png = solidPng(4, 4);
const sha256 = (bytes: Buffer) => createHash('sha256').update(bytes).digest('hex');

/** The problem and line `readLabelledSet` rejects the set with. */
async function rejection(
  options: ReadLabelledSetOptions,
): Promise<{ problem: LabelledSetProblem; line: number | null; message: string }> {
  const error = await readLabelledSet(options).then(
    () => undefined,
    (thrown: unknown) => thrown,
  );
  if (!(error instanceof Error) || error.name !== 'LabelledSetError')
    throw new Error(`not rejected: ${String(error)}`);
  const { problem, line, message } = error as Error & { problem: LabelledSetProblem; line: number | null };
  return { problem, line, message };
}

describe('readLabelledSet', () => {
  it('makes each item a corpus entry: text by its text, PDFs and images by their bytes, text files as text', async () => {
    const dir = labelledSet(
      [
        {
          id: 'a',
          text: 'INVOICE A-1\nTotal 5.00',
          expected: { total: 5 },
          workflow: 'invoice@2',
          tags: ['easy'],
        },
        '',
        { id: 'b', file: 'docs/b.pdf', expected: 'expected/b.json' },
        { id: 'c', file: 'c.png', expected: { total: 7 }, workflow: 'receipt' },
        { id: 'd', file: 'd.txt', expected: { total: 8 }, source: { jobId: 'kept-out' } },
      ],
      {
        'docs/b.pdf': pdf,
        'expected/b.json': JSON.stringify({ total: 6 }),
        'c.png': png,
        'd.txt': 'INVOICE D-4\nTotal 8.00\n',
      },
    );
    expect(await readLabelledSet({ dir })).toEqual([
      { id: 'a', workflow: 'invoice', text: 'INVOICE A-1\nTotal 5.00', truth: { total: 5 } },
      { id: 'b', workflow: 'labelled', sha256: sha256(pdf), truth: { total: 6 } },
      { id: 'c', workflow: 'receipt', sha256: sha256(png), truth: { total: 7 } },
      { id: 'd', workflow: 'labelled', text: 'INVOICE D-4\nTotal 8.00\n', truth: { total: 8 } },
    ]);
  });

  it('names a missing manifest, and a set without items', async () => {
    expect(await rejection({ dir: join(base, 'nowhere') })).toMatchObject({
      problem: 'manifest-missing',
      line: null,
    });
    expect(await rejection({ dir: labelledSet(['', '  ']) })).toMatchObject({
      problem: 'empty-set',
      line: null,
    });
  });

  it('caps the manifest in bytes and in items', async () => {
    const dir = labelledSet([
      { id: 'a', text: 'one', expected: {} },
      { id: 'b', text: 'two', expected: {} },
    ]);
    expect(await rejection({ dir, limits: { manifestBytes: 20 } })).toMatchObject({
      problem: 'manifest-too-large',
      line: null,
    });
    expect(await rejection({ dir, limits: { manifestLines: 1 } })).toMatchObject({
      problem: 'too-many-lines',
    });
    expect(await readLabelledSet({ dir, limits: { manifestLines: 10_000_000 } })).toHaveLength(2);
  });

  it('names the line that is not JSON, without repeating it', async () => {
    const dir = labelledSet([
      { id: 'a', text: 'one', expected: {} },
      '{"id": "b", "text": "secret text\u001b[2J"',
    ]);
    const found = await rejection({ dir });
    expect(found).toMatchObject({ problem: 'invalid-json', line: 2 });
    expect(found.message).toMatch(/^line 2: not valid JSON/);
    expect(found.message).not.toContain('secret');
  });

  it('names the line and field of an item that does not fit the manifest', async () => {
    const cases: [unknown, RegExp][] = [
      [{ text: 'one', expected: {} }, /id: /],
      [{ id: 'a', expected: {} }, /exactly one of them/],
      [{ id: 'a', text: 'one', file: 'one.txt', expected: {} }, /exactly one of them/],
      [{ id: 'a', text: '   ', expected: {} }, /text: must not be blank/],
      [{ id: 'a', text: 'one', expected: 5 }, /expected: must be the expected output/],
      [
        { id: 'a', text: 'one', expected: {}, workflow: 'Invoice v2' },
        /workflow: must be NAME or NAME@VERSION/,
      ],
      [{ id: 'a', text: 'one', expected: {}, tags: 'easy' }, /tags: /],
      [['not', 'an', 'object'], /expected object/],
    ];
    for (const [item, message] of cases) {
      const found = await rejection({
        dir: labelledSet([{ id: 'first', text: 'first', expected: {} }, item]),
      });
      expect(found, JSON.stringify(item)).toMatchObject({ problem: 'invalid-item', line: 2 });
      expect(found.message, JSON.stringify(item)).toMatch(message);
    }
  });

  it('refuses a duplicate id and a document two items share', async () => {
    const twice = labelledSet([
      { id: 'a', text: 'one', expected: {} },
      { id: 'a', text: 'two', expected: {} },
    ]);
    expect(await rejection({ dir: twice })).toMatchObject({ problem: 'duplicate-id', line: 2 });
    const same = labelledSet(
      [
        { id: 'a', file: 'x.pdf', expected: {} },
        { id: 'b', file: 'copy.pdf', expected: {} },
      ],
      { 'x.pdf': pdf, 'copy.pdf': pdf },
    );
    expect(await rejection({ dir: same })).toMatchObject({ problem: 'duplicate-document', line: 2 });
  });

  it('refuses files outside the set, by ../, an absolute path or a link', async () => {
    writeFileSync(join(base, 'secret.json'), '{"password": "x"}');
    const linked = labelledSet([{ id: 'a', file: 'link.txt', expected: {} }]);
    symlinkSync(join(base, 'secret.json'), join(linked, 'link.txt'));
    for (const dir of [
      labelledSet([{ id: 'a', text: 'one', expected: '../secret.json' }]),
      labelledSet([{ id: 'a', file: 'docs/../../secret.json', expected: {} }]),
      labelledSet([{ id: 'a', text: 'one', expected: join(base, 'secret.json') }]),
      linked,
    ])
      expect(await rejection({ dir })).toMatchObject({ problem: 'outside-set', line: 1 });
  });

  it('names missing files, files over their cap and a set over its total', async () => {
    expect(
      await rejection({ dir: labelledSet([{ id: 'a', file: 'gone.pdf', expected: {} }]) }),
    ).toMatchObject({
      problem: 'missing-file',
      line: 1,
    });
    const folder = labelledSet([{ id: 'a', file: 'docs', expected: {} }], { 'docs/x.txt': 'x' });
    expect(await rejection({ dir: folder })).toMatchObject({ problem: 'missing-file', line: 1 });
    const big = labelledSet(
      [
        { id: 'a', file: 'a.pdf', expected: 'a.json' },
        { id: 'b', file: 'b.png', expected: {} },
      ],
      { 'a.pdf': pdf, 'a.json': '{"total": 1}', 'b.png': png },
    );
    expect(await rejection({ dir: big, limits: { fileBytes: 10 } })).toMatchObject({
      problem: 'file-too-large',
      line: 1,
    });
    expect(await rejection({ dir: big, limits: { expectedBytes: 5 } })).toMatchObject({
      problem: 'file-too-large',
      line: 1,
    });
    expect(await rejection({ dir: big, limits: { totalBytes: pdf.length + 20 } })).toMatchObject({
      problem: 'set-too-large',
      line: 2,
    });
  });

  it('refuses expected files that are not a JSON object and documents that are neither PDF, image nor text', async () => {
    const files = {
      'bad.json': '{"total": ',
      'list.json': '[1, 2]',
      'blob.bin': Buffer.from([0xff, 0xfe, 0x00, 0x81]),
    };
    for (const [item, problem] of [
      [{ id: 'a', text: 'one', expected: 'bad.json' }, 'invalid-expected'],
      [{ id: 'a', text: 'one', expected: 'list.json' }, 'invalid-expected'],
      [{ id: 'a', file: 'blob.bin', expected: {} }, 'not-text'],
    ] as const)
      expect(await rejection({ dir: labelledSet([item], files) })).toMatchObject({ problem, line: 1 });
  });

  it('refuses limits that are not positive whole numbers', async () => {
    const dir = labelledSet([{ id: 'a', text: 'one', expected: {} }]);
    await expect(readLabelledSet({ dir, limits: { fileBytes: -1 } })).rejects.toBeInstanceOf(
      InvalidStandinOptionsError,
    );
    await expect(readLabelledSet({ dir, limits: { totalBytes: 1.5 } })).rejects.toBeInstanceOf(
      InvalidStandinOptionsError,
    );
  });
});
