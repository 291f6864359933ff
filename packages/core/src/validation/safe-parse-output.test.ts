import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeParseOutput } from './safe-parse-output';

describe('safeParseOutput', () => {
  it('parses a synchronous schema: its data, or every issue', async () => {
    const schema = z.object({ total: z.number().nonnegative() });
    expect(await safeParseOutput(schema, { total: 3 })).toMatchObject({ success: true, data: { total: 3 } });
    const bad = await safeParseOutput(schema, { total: -1 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0]?.path).toEqual(['total']);
  });

  it('parses a schema with an async check asynchronously, every time', async () => {
    let checks = 0;
    const schema = z.object({ id: z.string() }).refine(async (value) => {
      checks += 1;
      await Promise.resolve();
      return value.id !== 'taken';
    }, 'id is taken');
    expect(await safeParseOutput(schema, { id: 'free' })).toMatchObject({ success: true });
    const taken = await safeParseOutput(schema, { id: 'taken' });
    expect(taken.success).toBe(false);
    expect(taken.error?.issues[0]?.message).toBe('id is taken');
    // The first parse found the schema async (its sync try ran the check once more); later ones go straight there.
    expect(checks).toBe(3);
  });

  it('passes on what a schema itself throws', async () => {
    const schema = z.string().transform(() => {
      throw new RangeError('boom');
    });
    await expect(safeParseOutput(schema, 'x')).rejects.toThrow(RangeError);
  });
});
