import { describe, expect, it } from 'vitest';
import { JobData } from './job-data';
import { evaluationHistoryScope, MAX_EVALUATION_ITEM_ID, MAX_EVALUATION_RUN_ID } from './job-evaluation';

const base = { workflow: 'invoice', input: { text: 'Invoice 1' } };

const problems = (evaluation: unknown) => {
  const result = JobData.safeParse({ ...base, evaluation });
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

const runIdRule = `must be a run id: 1-${MAX_EVALUATION_RUN_ID} letters, digits, - or _`;
const itemIdRule = `must be an item id: 1-${MAX_EVALUATION_ITEM_ID} printable characters`;

describe('JobData.evaluation', () => {
  it('takes a run and an item, lessons on unless said otherwise', () => {
    expect(JobData.parse({ ...base, evaluation: { runId: 'run-1_A', itemId: 'invoice 7.pdf' } })).toEqual({
      ...base,
      evaluation: { runId: 'run-1_A', itemId: 'invoice 7.pdf', lessons: 'on' },
    });
    const off = { runId: 'r'.repeat(MAX_EVALUATION_RUN_ID), itemId: 'é'.repeat(128), lessons: 'off' };
    expect(JobData.parse({ ...base, evaluation: off }).evaluation).toEqual(off);
    // A job without it is what it was.
    expect(JobData.parse(base)).toEqual(base);
  });

  it.each([
    [{ runId: '', itemId: 'a' }, [`evaluation.runId: ${runIdRule}`]],
    [{ runId: 'r'.repeat(MAX_EVALUATION_RUN_ID + 1), itemId: 'a' }, [`evaluation.runId: ${runIdRule}`]],
    [{ runId: 'run 1', itemId: 'a' }, [`evaluation.runId: ${runIdRule}`]],
    [{ runId: 'run:1', itemId: 'a' }, [`evaluation.runId: ${runIdRule}`]],
    [{ runId: 7, itemId: 'a' }, [`evaluation.runId: ${runIdRule}`]],
    [{ itemId: 'a' }, [`evaluation.runId: ${runIdRule}`]],
    [{ runId: 'r', itemId: '' }, [`evaluation.itemId: ${itemIdRule}`]],
    [{ runId: 'r', itemId: 'i'.repeat(MAX_EVALUATION_ITEM_ID + 1) }, [`evaluation.itemId: ${itemIdRule}`]],
    [{ runId: 'r', itemId: 'a\u001b[31m' }, [`evaluation.itemId: ${itemIdRule} (no control characters)`]],
    [{ runId: 'r', itemId: 'a\nb' }, [`evaluation.itemId: ${itemIdRule} (no control characters)`]],
    [{ runId: 'r', itemId: 'abc\u202edcba' }, [`evaluation.itemId: ${itemIdRule} (no control characters)`]],
    [{ runId: 'r', itemId: 'a', lessons: 'yes' }, ['evaluation.lessons: must be "on" or "off"']],
    [{ runId: 'r', itemId: 'a', lessons: true }, ['evaluation.lessons: must be "on" or "off"']],
    [{ runId: 'r', itemId: 'a', scope: 'x' }, ['evaluation: Unrecognized key: "scope"']],
    ['run-1', ['evaluation: Invalid input: expected object, received string']],
    [null, ['evaluation: Invalid input: expected object, received null']],
  ])('refuses the evaluation %j naming the field', (evaluation, expected) => {
    expect(problems(evaluation)).toEqual(expected);
  });

  it("names the run's own history scope", () => {
    expect(evaluationHistoryScope('run-1')).toBe('eval:run-1');
  });
});
