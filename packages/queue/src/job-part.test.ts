import { describe, expect, it } from 'vitest';
import { JobData } from './job-data';

const part = {
  splitId: 'a1b2c3',
  parentId: 'job-1',
  index: 3,
  children: 22,
  source: 'pdf',
  window: { firstPage: 28, lastPage: 37, pages: 212 },
  paths: null,
  groups: 1,
};
const job = (overrides: Record<string, unknown>) => ({
  workflow: 'ledger',
  input: { text: 'x' },
  part: { ...part, ...overrides },
});
const problems = (data: unknown) =>
  JobData.safeParse(data).error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`) ?? [];

describe('JobData.part (a child of a split job)', () => {
  it('takes a child part, round 0 by default', () => {
    expect(JobData.parse(job({})).part).toMatchObject({ ...part, round: 0 });
  });

  it.each([
    ['a window ending before it starts', { window: { firstPage: 9, lastPage: 3, pages: 10 } }, 'part.window'],
    ['a window past the last page', { window: { firstPage: 1, lastPage: 11, pages: 10 } }, 'part.window'],
    ['an index past the children', { index: 2000 }, 'part.index'],
    ['a split id with a colon', { splitId: 'a:b' }, 'part.splitId'],
    ['a path with markup', { paths: ['<b>x</b>'] }, 'part.paths.0'],
    ['a third round', { round: 2 }, 'part.round'],
    ['an unknown field', { extra: true }, 'part'],
  ])('refuses %s, naming the field', (_name, overrides, path) => {
    expect(problems(job(overrides)).join('\n')).toContain(`${path}:`);
  });
});
