import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineWorkflow } from '../workflow/define-workflow';
import { checkCorrectedOutput } from './check-corrected-output';

const workflow = defineWorkflow({
  name: 'receipt',
  version: 1,
  description: 'A receipt',
  input: z.object({ text: z.string() }),
  output: z.object({
    merchant: z.string(),
    total: z.number().nonnegative(),
    tags: z.array(z.string()).default([]),
  }),
  rules: [],
  instructions: 'Extract.',
});

describe('checkCorrectedOutput', () => {
  it('gives the valid output as the schema does', async () => {
    expect(await checkCorrectedOutput({ workflow, text: '{"merchant": "A", "total": 3}' })).toEqual({
      type: 'valid',
      data: { merchant: 'A', total: 3, tags: [] },
    });
  });

  it('names the first JSON syntax error with its line and column', async () => {
    expect(await checkCorrectedOutput({ workflow, text: '{\n  "merchant": "A",\n  total: 3\n}' })).toEqual({
      type: 'bad_json',
      line: 3,
      column: 3,
      problem: "expected a property name in double quotes but found 't'",
    });
    expect(await checkCorrectedOutput({ workflow, text: '' })).toMatchObject({ type: 'bad_json', line: 1 });
    expect(
      await checkCorrectedOutput({ workflow, text: `${'['.repeat(600)}${']'.repeat(600)}` }),
    ).toMatchObject({
      type: 'bad_json',
      problem: 'nesting deeper than 512 levels',
    });
  });

  it('lists every schema problem by path', async () => {
    expect(await checkCorrectedOutput({ workflow, text: '{"total": -1, "tags": [1]}' })).toEqual({
      type: 'invalid',
      problems: [
        { path: 'merchant', message: 'Invalid input: expected string, received undefined' },
        { path: 'total', message: 'Too small: expected number to be >=0' },
        { path: 'tags[0]', message: 'Invalid input: expected string, received number' },
      ],
    });
    expect(await checkCorrectedOutput({ workflow, text: 'null' })).toMatchObject({
      type: 'invalid',
      problems: [{ path: '(output)' }],
    });
  });

  it('refuses a text over the size bound, counted in UTF-8 bytes', async () => {
    expect(await checkCorrectedOutput({ workflow, text: `"${'é'.repeat(60)}"`, maxBytes: 100 })).toEqual({
      type: 'too_large',
      bytes: 122,
      maxBytes: 100,
    });
    expect(
      await checkCorrectedOutput({ workflow, text: `"${'e'.repeat(60)}"`, maxBytes: 100 }),
    ).toMatchObject({
      type: 'invalid',
    });
  });
});
