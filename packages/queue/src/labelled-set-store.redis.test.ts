import type { LabelledItemInput } from '@quarry/core';
import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { quarryKeys } from './keys';
import { LabelledSetInputError } from './labelled-set-input-error';
import { LabelledSetLimitError } from './labelled-set-limit-error';
import { LabelledSetStore } from './labelled-set-store';
import { ReviewIndex } from './review-index';

const blobKey = `sha256:${'a'.repeat(64)}`;

const item = (id: string, extra: Partial<LabelledItemInput> = {}): LabelledItemInput => ({
  id,
  document: { kind: 'text', text: `document ${id}` },
  expected: { title: `title ${id}` },
  ...extra,
});

describe('LabelledSetStore', () => {
  it('puts, replaces, reads back and lists sets with counts, update times and workflows', async ({
    redis,
    prefix,
  }) => {
    let now = Date.parse('2025-06-01T10:00:00.000Z');
    const store = new LabelledSetStore({ redis, keys: quarryKeys({ prefix }), now: () => now });
    expect(await store.put('invoices', item('b', { workflow: { name: 'invoice', version: 2 } }))).toEqual({
      status: 'added',
      items: 1,
    });
    await store.put('invoices', item('a', { workflow: { name: 'note' }, tags: ['hard'] }));
    now += 60_000;
    // Replacing b moves it to another workflow: invoice is no longer named.
    expect(await store.put('invoices', item('b', { workflow: { name: 'note' } }))).toEqual({
      status: 'replaced',
      items: 2,
    });
    await store.put('other', {
      ...item('x'),
      document: { kind: 'blob', key: blobKey, mediaType: 'application/pdf', name: 'x.pdf' },
    });

    expect(await store.get('invoices', 'a')).toEqual({
      item: { ...item('a'), workflow: { name: 'note' }, tags: ['hard'] },
    });
    expect(await store.get('invoices', 'missing')).toBeNull();
    const page = await store.read('invoices');
    expect(page.items.map((stored) => [stored.id, stored.workflow?.name, stored.tags])).toEqual([
      ['a', 'note', ['hard']],
      ['b', 'note', []],
    ]);
    expect(page).toMatchObject({ unreadable: [], next: null });
    expect(await store.list()).toEqual({
      total: 2,
      sets: [
        { name: 'invoices', items: 2, updatedAt: '2025-06-01T10:01:00.000Z', workflows: ['note'] },
        { name: 'other', items: 1, updatedAt: '2025-06-01T10:01:00.000Z', workflows: [] },
      ],
    });
    expect(await store.summary('nothing')).toBeNull();
    // The blob of an item is marked, as producers mark theirs, before the item refers to it.
    expect(await redis.zscore(quarryKeys({ prefix }).blobGc.marks(), blobKey)).not.toBeNull();
    // Every key is under the hash-tagged prefix: one Redis Cluster slot with the queues.
    const written = await redis.keys(`${prefix}*`);
    expect(written.length).toBeGreaterThan(0);
    expect(written.every((key) => key.startsWith(`${prefix}:quarry:`))).toBe(true);

    expect(await store.delete('invoices')).toBe(true);
    expect(await store.delete('invoices')).toBe(false);
    expect(await store.read('invoices')).toEqual({ items: [], unreadable: [], next: null });
    expect((await store.list()).sets.map((set) => set.name)).toEqual(['other']);
    expect((await redis.keys(`${prefix}*`)).filter((key) => key.includes(':set:invoices:'))).toEqual([]);
  });

  it('pages a set in id order with a bounded page size', async ({ redis, prefix }) => {
    const store = new LabelledSetStore({ redis, keys: quarryKeys({ prefix }) });
    const ids = Array.from({ length: 230 }, (_, i) => `item-${String(i).padStart(3, '0')}`);
    for (const id of [...ids].reverse()) await store.put('big', item(id));
    const seen: string[] = [];
    const sizes: number[] = [];
    let after: string | undefined;
    for (;;) {
      const page = await store.read('big', { ...(after === undefined ? {} : { after }), limit: 100 });
      seen.push(...page.items.map((stored) => stored.id));
      sizes.push(page.items.length);
      if (page.next === null) break;
      after = page.next;
    }
    expect(seen).toEqual(ids);
    expect(sizes).toEqual([100, 100, 30]);
    expect((await store.read('big', { limit: 1_000_000 })).items).toHaveLength(230);
    expect((await store.read('big', { limit: 0 })).items.map((stored) => stored.id)).toEqual(['item-000']);
    expect((await store.read('big', { limit: Number.NaN })).items).toHaveLength(1);
  });

  it('refuses a new item in a full set and oversize items, writing nothing', async ({ redis, prefix }) => {
    const store = new LabelledSetStore({ redis, keys: quarryKeys({ prefix }), maxItems: 2 });
    await store.put('small', item('a'));
    await store.put('small', item('b'));
    const full = await store.put('small', item('c')).catch((error: unknown) => error);
    expect(full).toBeInstanceOf(LabelledSetLimitError);
    expect(full).toMatchObject({ limit: 'items', max: 2, actual: 2, set: 'small', itemId: 'c' });
    expect((full as Error).message).toBe(
      'set small is full: it holds 2 items, at most 2 (item "c" was not stored)',
    );
    // Replacing an item of a full set is fine.
    expect(await store.put('small', item('a', { tags: ['again'] }))).toEqual({
      status: 'replaced',
      items: 2,
    });

    const bigExpected = item('d', { expected: { text: 'x'.repeat(1024 * 1024) } });
    await expect(store.put('other', bigExpected)).rejects.toMatchObject({
      name: 'LabelledSetLimitError',
      limit: 'expected_bytes',
      max: 1024 * 1024,
    });
    const bigText = item('e', { document: { kind: 'text', text: 'y'.repeat(3 * 1024 * 1024) } });
    await expect(store.put('other', bigText)).rejects.toMatchObject({ limit: 'item_bytes' });
    expect(await store.summary('other')).toBeNull();
    expect((await store.read('small')).items.map((stored) => stored.id)).toEqual(['a', 'b']);
  });

  it('refuses hostile set names and invalid items, naming each problem', async ({ redis, prefix }) => {
    const store = new LabelledSetStore({ redis, keys: quarryKeys({ prefix }) });
    for (const name of ['', '../x', 'a/b', 'a b', 'a:b', '{x}', 'é', 'x'.repeat(65), 'a\u001b[31m']) {
      await expect(store.put(name, item('a'))).rejects.toBeInstanceOf(LabelledSetInputError);
      await expect(store.read(name)).rejects.toThrow(/set name: must be a set name: 1-64 letters/);
      await expect(store.delete(name)).rejects.toBeInstanceOf(LabelledSetInputError);
    }
    const bad: [unknown, RegExp][] = [
      [{ ...item('a'), id: '' }, /item\.id: must be an item id: 1-128 characters/],
      [{ ...item('a'), id: 'x'.repeat(129) }, /item\.id: must be an item id/],
      [{ ...item('a'), id: 'a\u0000b' }, /item\.id: must not contain control characters/],
      [
        { ...item('a'), document: { kind: 'blob', key: '../../etc/passwd', mediaType: 'application/pdf' } },
        /item\.document\.key: must be a blob key/,
      ],
      [
        { ...item('a'), document: { kind: 'url', url: 'https://example.com' } },
        /item\.document\.kind: must be \{ kind: "text"/,
      ],
      [{ ...item('a'), expected: undefined }, /item\.expected: must be a JSON value/],
      [{ ...item('a'), expected: { n: Number.NaN } }, /item\.expected/],
      [{ ...item('a'), workflow: { name: 'Bad Name' } }, /item\.workflow\.name: must be a workflow name/],
      [{ ...item('a'), extra: 1 }, /item: Unrecognized key/],
    ];
    for (const [value, problem] of bad) {
      const error = await store.put('good', value as LabelledItemInput).catch((caught: unknown) => caught);
      expect(error).toBeInstanceOf(LabelledSetInputError);
      expect((error as LabelledSetInputError).problems.join('\n')).toMatch(problem);
    }
    expect((await store.list()).sets).toEqual([]);
  });

  it('reports unreadable stored items instead of failing the read', async ({ redis, prefix }) => {
    const keys = quarryKeys({ prefix });
    const store = new LabelledSetStore({ redis, keys });
    await store.put('mixed', item('good'));
    const sets = keys.labelledSets;
    const deep = `${'['.repeat(100_000)}${']'.repeat(100_000)}`;
    const stored: [string, string][] = [
      ['garbage', '{not json'],
      ['schema', JSON.stringify({ id: 'schema', document: { kind: 'text' }, expected: 1 })],
      ['moved', JSON.stringify(item('elsewhere'))],
      [
        'deep',
        JSON.stringify({ ...item('deep'), expected: 0 }).replace('"expected":0', `"expected":${deep}`),
      ],
    ];
    for (const [id, text] of stored) {
      await redis.hset(sets.items('mixed'), id, text);
      await redis.zadd(sets.ids('mixed'), 0, id);
    }
    await redis.zadd(sets.ids('mixed'), 0, 'vanished');
    const page = await store.read('mixed');
    expect(page.items.map((read) => read.id)).toEqual(['good']);
    expect(page.unreadable).toEqual([
      { id: 'deep', problem: 'item.expected: must be nested at most 512 levels deep' },
      { id: 'garbage', problem: 'the item is not JSON' },
      { id: 'moved', problem: 'the item stored under this id is "elsewhere"' },
      { id: 'schema', problem: expect.stringMatching(/^item\.document\.text: /) },
      { id: 'vanished', problem: 'the item is missing (the set changed meanwhile)' },
    ]);
    expect(await store.get('mixed', 'garbage')).toEqual({ id: 'garbage', problem: 'the item is not JSON' });
  });

  it('acknowledges a review entry with the put, and writes nothing for a job no longer waiting', async ({
    redis,
    prefix,
  }) => {
    const keys = quarryKeys({ prefix });
    const store = new LabelledSetStore({ redis, keys });
    const review = new ReviewIndex({ redis, keys });
    await review.flag({
      jobId: 'job-1',
      workflow: 'note',
      version: 1,
      reasons: ['confidence is 0.4, below the review threshold 0.6'],
      flaggedAt: '2025-06-01T00:00:00.000Z',
      attempts: 1,
      costUsd: null,
      data: { title: 'x' },
    });
    expect(await store.put('reviewed-note', item('job-1'), { acknowledgeReview: 'job-1' })).toEqual({
      status: 'added',
      items: 1,
    });
    expect(await review.get('job-1')).toBeNull();
    expect(await review.count()).toBe(0);
    expect(await store.put('reviewed-note', item('job-2'), { acknowledgeReview: 'job-2' })).toEqual({
      status: 'not_in_review',
    });
    expect((await store.read('reviewed-note')).items.map((read) => read.id)).toEqual(['job-1']);
  });
});
