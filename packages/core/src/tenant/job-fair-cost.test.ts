import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { defineWorkflow } from '../workflow/define-workflow';
import { jobFairCost } from './job-fair-cost';

const workflow = (minCacheableTokens: number) =>
  defineWorkflow({
    name: `fair-${minCacheableTokens}`,
    version: 1,
    description: 'A title from a note',
    input: z.object({ text: z.string() }),
    output: z.object({ title: z.string() }),
    instructions: 'Extract the title of the note. '.repeat(100),
    rules: [],
    minCacheableTokens,
  });
const text = (characters: number) => ({ text: 'x'.repeat(characters) });

describe('jobFairCost', () => {
  it('leaves out a shared prefix the worker caches: the input and the turn framing are what the rate limit counts', () => {
    const cached = workflow(100);
    const small = jobFairCost(cached, text(1000));
    const large = jobFairCost(cached, text(40_000));
    // 1,000 characters of text (and the JSON around them) are about 250 tokens, 40,000 about 10,000.
    expect(small).toBeGreaterThan(250);
    expect(small).toBeLessThan(400);
    expect(large - small).toBe(9750);
  });

  it('counts a prefix shorter than the minimum cacheable length in every job', () => {
    const uncached = jobFairCost(workflow(1_000_000), text(1000));
    const cached = jobFairCost(workflow(100), text(1000));
    // The instructions alone are 3,100 characters: about 775 tokens, sent uncached on every call.
    expect(uncached - cached).toBeGreaterThan(775);
  });

  it('counts text as sent (a newline is one character, not an escape), and walks a cycle once', () => {
    const cached = workflow(100);
    const lines = jobFairCost(cached, { text: '\n'.repeat(4000) });
    const letters = jobFairCost(cached, { text: 'x'.repeat(4000) });
    expect(lines).toBe(letters);
    const cyclic: Record<string, unknown> = { text: 'x'.repeat(4000) };
    cyclic.self = cyclic;
    expect(jobFairCost(cached, cyclic)).toBe(letters + 1);
  });
});
