import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DirectoryBlobStore } from '@quarry/blobs';
import type { LabelledItemInput } from '@quarry/core';
import { paddedPdf } from '@quarry/documents/testing';
import { LabelledSetStore, quarryKeys } from '@quarry/queue';
import { it } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

/** Every file under `dir`, as paths relative to it, sorted. */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter((entry) => entry.isFile())
    .map((entry) => join(entry.parentPath, entry.name).slice(dir.length + 1))
    .sort();
}

const text = (id: string, extra: Partial<LabelledItemInput> = {}): LabelledItemInput => ({
  id,
  document: { kind: 'text', text: `text of ${id}` },
  expected: { title: id },
  ...extra,
});

describe('quarry eval sets, export and delete', () => {
  let base: string;
  beforeAll(async () => {
    base = await mkdtemp(join(tmpdir(), 'quarry-eval-'));
  });
  afterAll(async () => {
    await rm(base, { recursive: true, force: true });
  });

  it('lists sets and exports one with its documents, file names made safe inside the directory', async ({
    redis,
    redisUrl,
    prefix,
  }) => {
    const work = await mkdtemp(join(base, 'export-'));
    const blobDir = join(work, 'blobs');
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, QUARRY_BLOB_DIR: blobDir };
    const blobs = new DirectoryBlobStore({ dir: blobDir, maxBytes: 1024 * 1024, timeoutMs: 10_000 });
    const bytes = await paddedPdf(2000);
    const pdf = await blobs.put({ bytes });
    const store = new LabelledSetStore({ redis, keys: quarryKeys({ prefix }) });
    const hostile = [
      '../escape',
      '../../etc/passwd',
      'a/b',
      '.hidden',
      'Doc',
      'doc',
      'x'.repeat(128),
      'naïve café',
    ];
    for (const id of hostile) {
      await store.put('golden', {
        id,
        document: { kind: 'blob', key: pdf.key, mediaType: 'application/pdf' },
        expected: { id },
        workflow: { name: 'invoice', version: 2 },
        tags: ['hostile'],
      });
    }
    await store.put('golden', text('plain', { workflow: { name: 'note' } }));
    await store.put('small', text('one'));

    const listed = await runQuarry(['eval', 'sets'], env);
    expect(listed.code).toBe(0);
    expect(listed.stdout).toMatch(/^SET +ITEMS +UPDATED +WORKFLOWS\n/);
    expect(listed.stdout).toMatch(/\ngolden +9 +\d{4}-\d\d-\d\dT[\d:.]+Z +invoice, note\n/);
    expect(listed.stdout).toMatch(/\nsmall +1 +\S+ +-\n/);
    expect(listed.stderr).toBe('2 set(s)\n');

    const out = join(work, 'out', 'golden');
    const exported = await runQuarry(['eval', 'export', 'golden', out, '--json'], env);
    expect([exported.code, exported.stderr]).toEqual([0, '']);
    expect(JSON.parse(exported.stdout)).toEqual({
      set: 'golden',
      dir: out,
      items: 9,
      documents: 8,
      skipped: [],
    });
    // Nothing was written outside the directory.
    expect(await readdir(work)).toEqual(['blobs', 'out']);
    expect(await readdir(join(work, 'out'))).toEqual(['golden']);
    const files = await filesUnder(out);
    expect(files[0]).toBe('documents/Doc.pdf');
    expect(
      files.every((file) => file === 'manifest.jsonl' || /^documents\/[A-Za-z0-9_-][\w.-]*\.pdf$/.test(file)),
    ).toBe(true);
    expect(new Set(files.map((file) => file.toLowerCase())).size).toBe(files.length);

    const lines = (await readFile(join(out, 'manifest.jsonl'), 'utf8'))
      .trimEnd()
      .split('\n')
      .map((line) => JSON.parse(line) as Record<string, unknown>);
    expect(lines.map((line) => line.id)).toEqual([...hostile, 'plain'].sort());
    for (const line of lines.filter((entry) => entry.id !== 'plain')) {
      expect(line).toEqual({
        id: line.id,
        file: expect.stringMatching(/^documents\//),
        expected: { id: line.id },
        workflow: 'invoice@2',
        tags: ['hostile'],
      });
      expect(await readFile(join(out, line.file as string))).toEqual(Buffer.from(bytes));
    }
    expect(lines.find((line) => line.id === 'plain')).toEqual({
      id: 'plain',
      text: 'text of plain',
      expected: { title: 'plain' },
      workflow: 'note',
    });
    expect(new Set(lines.map((line) => line.file)).size).toBe(lines.length);
  });

  it('refuses a directory that is not empty, a file, a missing set and hostile set names; writes nothing', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const work = await mkdtemp(join(base, 'refuse-'));
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, QUARRY_BLOB_DIR: join(work, 'blobs') };
    await new LabelledSetStore({ redis, keys: quarryKeys({ prefix }) }).put('kept', text('a'));
    const full = join(work, 'full');
    await mkdir(full);
    await writeFile(join(full, 'notes.txt'), 'mine');
    await writeFile(join(work, 'file'), 'x');
    const hint = 'Run "quarry eval export --help" for usage.\n';
    const cases: [string[], string][] = [
      [
        ['kept', full],
        `quarry eval export: ${full} is not empty; export into a new or empty directory\n${hint}`,
      ],
      [['kept', join(work, 'file')], `quarry eval export: ${join(work, 'file')} is not a directory\n${hint}`],
      [['nothing', join(work, 'new')], 'quarry eval export: no set nothing is stored; nothing was written\n'],
      [
        ['../x', join(work, 'new')],
        `quarry eval export: the set name must be 1-64 letters, digits, "-", "_" or "."\n${hint}`,
      ],
      [
        ['a\u001b[2J', join(work, 'new')],
        `quarry eval export: the set name must be 1-64 letters, digits, "-", "_" or "."\n${hint}`,
      ],
      [['kept'], `quarry eval export: give a set and a directory: quarry eval export <set> <dir>\n${hint}`],
    ];
    for (const [args, stderr] of cases) {
      const run = await runQuarry(['eval', 'export', ...args], env);
      expect({ args, code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
        args,
        code: 1,
        stdout: '',
        stderr,
      });
    }
    expect(await filesUnder(work)).toEqual(['file', 'full/notes.txt']);
  });

  it('lists and leaves out items it cannot export: unreadable, or their document gone', async ({
    redis,
    redisUrl,
    prefix,
  }) => {
    const work = await mkdtemp(join(base, 'partial-'));
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, QUARRY_BLOB_DIR: join(work, 'blobs') };
    const keys = quarryKeys({ prefix });
    const store = new LabelledSetStore({ redis, keys });
    const gone = `sha256:${'e'.repeat(64)}`;
    await store.put('partial', text('fine'));
    await store.put('partial', {
      id: 'lost',
      document: { kind: 'blob', key: gone, mediaType: 'image/png' },
      expected: {},
    });
    await redis.hset(keys.labelledSets.items('partial'), 'broken', '{oops');
    await redis.zadd(keys.labelledSets.ids('partial'), 0, 'broken');
    const out = join(work, 'out');
    const run = await runQuarry(['eval', 'export', 'partial', out], env);
    expect(run).toMatchObject({
      code: 1,
      stdout: `exported 1 item(s) of set partial to ${out} (0 document file(s))\n`,
      stderr: [
        'quarry eval export: item "broken" left out: unreadable: the item is not JSON',
        `quarry eval export: item "lost" left out: its document ${gone} is not in the blob store`,
        '',
      ].join('\n'),
    });
    expect(await filesUnder(out)).toEqual(['manifest.jsonl']);
  });

  it('deletes a set only once confirmed', async ({ redis, redisUrl, prefix }) => {
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    await new LabelledSetStore({ redis, keys: quarryKeys({ prefix }) }).put('scratch', text('a'));
    const noTerminal = await runQuarry(['eval', 'delete', 'scratch'], env);
    expect(noTerminal).toMatchObject({
      code: 1,
      stderr:
        'quarry eval delete: refusing to delete set scratch with its 1 item(s) without confirmation; no terminal to ask on, pass --yes\n',
    });
    const declined = await runQuarry(['eval', 'delete', 'scratch'], env, ['n']);
    expect(declined).toMatchObject({ code: 1, asked: ['Delete set scratch with its 1 item(s)? [y/N] '] });
    expect(JSON.parse((await runQuarry(['eval', 'sets', '--json'], env)).stdout).sets).toHaveLength(1);
    const confirmed = await runQuarry(['eval', 'delete', 'scratch'], env, ['yes']);
    expect(confirmed).toMatchObject({ code: 0, stdout: 'deleted set scratch (1 item(s))\n' });
    expect(JSON.parse((await runQuarry(['eval', 'sets', '--json'], env)).stdout)).toEqual({ sets: [] });
    expect(await runQuarry(['eval', 'delete', 'scratch', '--yes'], env)).toMatchObject({
      code: 1,
      stderr: 'quarry eval delete: no set scratch is stored; nothing was deleted\n',
    });
    expect(await runQuarry(['eval', 'delete', '../x', '--yes'], env)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('the set name must be 1-64 letters'),
    });
    expect(await runQuarry(['eval', 'sets', 'extra'], env)).toMatchObject({
      code: 1,
      stderr: expect.stringContaining('quarry eval sets: too many arguments'),
    });
  });
});
