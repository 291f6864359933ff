import type { AnyWorkflow } from '@quarry/core';
import { EvalRunId } from '@quarry/queue';
import { describe, expect, it } from 'vitest';
import { newEvalRunId } from './eval-workflow';

/** Only the name and version make a run id. */
const workflow = (name: string) => ({ name, version: 12 }) as AnyWorkflow;

describe('newEvalRunId', () => {
  it('keeps the random part for the longest workflow name, so two runs never share an id', () => {
    const long = workflow(`w${'x'.repeat(63)}`);
    const ids = new Set(Array.from({ length: 50 }, () => newEvalRunId({ workflow: long })));
    expect(ids.size).toBe(50);
    for (const id of ids) {
      expect(EvalRunId.safeParse(id).success).toBe(true);
      expect(id).toMatch(/-v12-\d{8}T\d{6}-[0-9a-f]{6}$/);
    }
    const canary = newEvalRunId({ workflow: long, prefix: 'canary-' });
    expect(canary).toMatch(/^canary-wxx+-v12-\d{8}T\d{6}-[0-9a-f]{6}$/);
    expect(canary.length).toBeLessThanOrEqual(64);
  });
});
