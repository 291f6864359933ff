import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { error, manifest, problemsOf, refused, setsOfTest } from '../test-fixtures/set-directory';
import { readLabelledDirectory } from './read-labelled-directory';

const make = setsOfTest();

describe('readLabelledDirectory: hostile paths, sizes and types', () => {
  it('refuses paths that lead out of the set: .., absolute, symbolic links (file and folder)', async () => {
    const { dir, outside } = make({
      'link.pdf': { link: '../outside/secret.pdf' },
      linked: { link: '../outside' },
      'secret.json': { link: '../outside/secret.json' },
    });
    writeFileSync(
      join(dir, 'manifest.jsonl'),
      manifest(
        { id: 'up', file: '../outside/secret.pdf', expected: { v: 1 } },
        { id: 'deep-up', file: 'docs/../../outside/secret.pdf', expected: { v: 1 } },
        { id: 'abs', file: join(outside, 'secret.pdf'), expected: { v: 1 } },
        { id: 'link', file: 'link.pdf', expected: { v: 1 } },
        { id: 'folder', file: 'linked/secret.pdf', expected: { v: 1 } },
        { id: 'label', text: 'x', expected: '../outside/secret.json' },
        { id: 'label-link', text: 'x', expected: 'secret.json' },
      ),
    );
    expect(await problemsOf(dir)).toEqual([
      error('outside-directory', 1, '../outside/secret.pdf'),
      error('outside-directory', 2, 'docs/../../outside/secret.pdf'),
      error('outside-directory', 3, join(outside, 'secret.pdf')),
      error('outside-directory', 4, 'link.pdf'),
      error('outside-directory', 5, 'linked/secret.pdf'),
      error('outside-directory', 6, '../outside/secret.json'),
      error('outside-directory', 7, 'secret.json'),
    ]);
  });

  it('follows symbolic links that stay inside, returning the real path', async () => {
    const { dir } = make({
      'manifest.jsonl': manifest({ id: 'a', file: 'alias.pdf', expected: { v: 1 } }),
      'docs/real.pdf': '%PDF',
      'alias.pdf': { link: 'docs/real.pdf' },
    });
    const read = await readLabelledDirectory({ dir });
    expect(read.items[0]?.document).toEqual({
      kind: 'file',
      path: join(dir, 'docs/real.pdf'),
      mediaType: 'application/pdf',
    });
  });

  it('refuses missing files, folders as files, and link loops', async () => {
    const { dir } = make({
      'manifest.jsonl': manifest(
        { id: 'a', file: 'missing.pdf', expected: { v: 1 } },
        { id: 'b', file: 'folder.pdf', expected: { v: 1 } },
        { id: 'c', file: 'loop.pdf', expected: { v: 1 } },
        { id: 'd', text: 'x', expected: 'missing.json' },
      ),
      'folder.pdf/inner': 'x',
      'loop.pdf': { link: 'loop.pdf' },
    });
    expect(await problemsOf(dir)).toEqual([
      error('not-found', 1, 'missing.pdf'),
      error('not-a-file', 2, 'folder.pdf'),
      error('unreadable', 3, 'loop.pdf'),
      error('not-found', 4, 'missing.json'),
    ]);
  });

  it('refuses expected outputs over the size cap, not JSON, not an object or not scorable', async () => {
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { d: deep };
    const { dir } = make({
      'manifest.jsonl': manifest(
        { id: 'big', text: 'x', expected: 'big.json' },
        { id: 'bad', text: 'x', expected: 'bad.json' },
        { id: 'array', text: 'x', expected: 'array.json' },
        { id: 'deep', text: 'x', expected: 'deep.json' },
        { id: 'inline-big', text: 'x', expected: { v: 'y'.repeat(100) } },
        { id: 'binary', text: 'x', expected: 'binary.json' },
      ),
      'big.json': JSON.stringify({ v: 'y'.repeat(100) }),
      'bad.json': '{"v": 1,}',
      'array.json': '[{"v": 1}]',
      'deep.json': JSON.stringify(deep),
      'binary.json': new Uint8Array([0xff, 0xfe, 0x00]),
    });
    const thrown = await refused(dir, { maxExpectedBytes: 64 });
    expect(thrown.problems.map(({ kind, line, message }) => ({ kind, line, message }))).toEqual([
      { kind: 'too-large', line: 1, message: 'expected: over 64 bytes' },
      {
        kind: 'not-json',
        line: 2,
        message:
          "expected: not JSON: line 1, column 9: expected a property name in double quotes but found '}'",
      },
      { kind: 'bad-expected', line: 3, message: 'expected: the expected output must be a JSON object' },
      { kind: 'too-large', line: 4, message: 'expected: over 64 bytes' },
      { kind: 'too-large', line: 5, message: 'expected: the expected output is over 64 bytes as JSON' },
      { kind: 'not-utf8', line: 6, message: 'expected: not UTF-8 text' },
    ]);
    const deeper = await refused(dir);
    expect(deeper.problems.find((problem) => problem.line === 4)).toMatchObject({
      kind: 'bad-expected',
      line: 4,
      file: 'deep.json',
      message: `expected: the expected output cannot be scored at ${Array(32).fill('d').join('.')} (too-deep)`,
    });
  });

  it('refuses huge and empty text, inline or from a file', async () => {
    const { dir } = make({
      'manifest.jsonl': manifest(
        { id: 'a', text: 'é'.repeat(600), expected: { v: 1 } },
        { id: 'b', file: 'big.txt', expected: { v: 1 } },
        { id: 'c', text: '  \n ', expected: { v: 1 } },
        { id: 'd', file: 'empty.pdf', expected: { v: 1 } },
        { id: 'e', file: 'big.png', expected: { v: 1 } },
        { id: 'f', file: 'latin1.txt', expected: { v: 1 } },
      ),
      'big.txt': 'x'.repeat(1001),
      'empty.pdf': '',
      'big.png': 'p'.repeat(2001),
      'latin1.txt': new Uint8Array([0x63, 0x61, 0x66, 0xe9]),
    });
    expect(await problemsOf(dir, { maxTextBytes: 1000, maxDocumentBytes: 2000 })).toEqual([
      error('too-large', 1),
      error('too-large', 2, 'big.txt'),
      error('empty-document', 3),
      error('empty-document', 4, 'empty.pdf'),
      error('too-large', 5, 'big.png'),
      error('not-utf8', 6, 'latin1.txt'),
    ]);
  });

  it('refuses unknown media types, whatever the extension', async () => {
    const { dir } = make({
      'manifest.jsonl': manifest(
        { id: 'a', file: 'report.docx', expected: { v: 1 } },
        { id: 'b', file: 'x.constructor', expected: { v: 1 } },
        { id: 'c', file: 'noextension', expected: { v: 1 } },
      ),
      'report.docx': 'x',
      'x.constructor': 'x',
      noextension: 'x',
    });
    expect(await problemsOf(dir)).toEqual([
      error('unknown-media-type', 1, 'report.docx'),
      error('unknown-media-type', 2, 'x.constructor'),
      error('unknown-media-type', 3, 'noextension'),
    ]);
  });

  it('neutralises control characters of file names in the message', async () => {
    const { dir } = make({
      'manifest.jsonl': manifest({ id: 'a', file: 'evil\u001b[2J.pdf', expected: { v: 1 } }),
    });
    const thrown = await refused(dir);
    expect(thrown.problems[0]?.file).toBe('evil\u001b[2J.pdf');
    expect(thrown.message).toContain('evil\\u001b[2J.pdf line 1: document: no such file (not-found)');
    expect(thrown.message).not.toContain('\u001b');
  });
});
