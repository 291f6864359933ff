import { describe, expect, it } from 'vitest';
import { InMemoryHistoryStore } from './in-memory-history-store';

const key = { workflow: 'receipt', version: 1 };
const hour = 60 * 60 * 1000;

describe('InMemoryHistoryStore', () => {
  it('counts signatures, keeps first and last sighting and the latest example', async () => {
    let now = 1000;
    const store = new InMemoryHistoryStore({ now: () => now });
    await store.record(key, [
      { signature: 'a', example: 'first' },
      { signature: 'a', example: 'dup in one attempt' },
    ]);
    now = 2000;
    await store.record(key, [{ signature: 'a', example: 'second' }]);
    expect(await store.topLessons(key, 5)).toEqual([
      {
        signature: 'a',
        count: 2,
        firstSeen: 1000,
        lastSeen: 2000,
        example: 'second',
        score: expect.closeTo(2, 3),
      },
    ]);
  });

  it('ranks by decayed score: a recent mistake beats an older, more frequent one', async () => {
    let now = 0;
    const store = new InMemoryHistoryStore({ now: () => now, halfLifeMs: hour });
    for (let i = 0; i < 3; i++) await store.record(key, [{ signature: 'old', example: 'o' }]);
    now = 3 * hour;
    await store.record(key, [{ signature: 'new', example: 'n' }]);
    const lessons = await store.topLessons(key, 2);
    expect(lessons.map((lesson) => lesson.signature)).toEqual(['new', 'old']);
    expect(lessons[1]?.score).toBeCloseTo(3 / 8, 6);
    expect(lessons[1]?.count).toBe(3);
    expect(await store.topLessons(key, 1)).toHaveLength(1);
  });

  it('keeps keys apart, scope included', async () => {
    const store = new InMemoryHistoryStore({ now: () => 0 });
    await store.record({ ...key, scope: 'tenant-a' }, [{ signature: 'a', example: 'x' }]);
    expect(await store.topLessons(key, 5)).toEqual([]);
    expect(await store.topLessons({ ...key, version: 2, scope: 'tenant-a' }, 5)).toEqual([]);
    expect(await store.topLessons({ ...key, scope: 'tenant-a' }, 5)).toHaveLength(1);
  });

  it('is bounded, evicting the weakest signature', async () => {
    let now = 0;
    const store = new InMemoryHistoryStore({ now: () => now, maxSignatures: 3 });
    await store.record(key, [{ signature: 'weak', example: 'w' }]);
    now = hour;
    for (const signature of ['b', 'c'])
      await store.record(key, [
        { signature, example: signature },
        { signature: 'b', example: 'b' },
      ]);
    await store.record(key, [{ signature: 'd', example: 'd' }]);
    const signatures = (await store.topLessons(key, 10)).map((lesson) => lesson.signature);
    expect(signatures).toHaveLength(3);
    expect(signatures).not.toContain('weak');
  });

  it('lets a new signature in when the bound is full of stronger ones', async () => {
    const store = new InMemoryHistoryStore({ now: () => 0, maxSignatures: 2 });
    for (let i = 0; i < 3; i += 1) {
      await store.record(key, [
        { signature: 'a', example: 'a' },
        { signature: 'b', example: 'b' },
      ]);
    }
    await store.record(key, [{ signature: 'new', example: 'n' }]);
    const signatures = (await store.topLessons(key, 10)).map((lesson) => lesson.signature);
    expect(signatures).toContain('new');
    expect(signatures).toHaveLength(2);
  });
});
