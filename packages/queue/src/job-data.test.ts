import { describe, expect, it } from 'vitest';
import { JobData, MAX_BUDGET_COST_USD, MAX_BUDGET_TOKENS, MAX_METADATA_BYTES } from './job-data';

const problems = (value: unknown) => {
  const result = JobData.safeParse(value);
  return result.success
    ? []
    : result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('JobData', () => {
  it('accepts a full job', () => {
    const job = {
      workflow: 'invoice',
      version: 2,
      input: { text: 'Invoice 1' },
      historyScope: 'tenant-a',
      idempotencyKey: 'order-1',
      metadata: { tenant: 'a', priority: 3, urgent: true, note: null },
      lineage: { rootJobId: 'j1', replayOf: 'j2', redriveCount: 1 },
      overrides: { model: 'claude-haiku-4-5', maxAttempts: 5 },
      effort: 'low',
      budget: { maxTokens: 50_000, maxCostUsd: 0.25 },
    };
    expect(JobData.parse(job)).toEqual(job);
  });

  it('takes a model ladder override and names a bad one', () => {
    const base = { workflow: 'invoice', input: {} };
    const ladder = ['claude-haiku-5-5', 'claude-sonnet-5-5'];
    expect(JobData.parse({ ...base, overrides: { models: ladder } }).overrides).toEqual({ models: ladder });
    expect(problems({ ...base, overrides: { models: [] } })).toEqual([
      'overrides.models: must list 1 to 4 model ids',
    ]);
    expect(problems({ ...base, overrides: { models: ['a', 'b', 'c', 'd', 'e'] } })).toEqual([
      'overrides.models: must list 1 to 4 model ids',
    ]);
    expect(problems({ ...base, overrides: { models: ['a', 'a'] } })).toEqual([
      'overrides.models: names a model more than once',
    ]);
    expect(problems({ ...base, overrides: { model: 'a', models: ['b'] } })).toEqual([
      'overrides.models: give either model or models (a ladder), not both',
    ]);
  });

  it('takes a lane and an ISO deadline, and names a bad one', () => {
    const base = { workflow: 'invoice', input: {} };
    expect(JobData.parse({ ...base, lane: 'batch', deadline: '2026-01-31T18:00:00Z' })).toMatchObject({
      lane: 'batch',
      deadline: '2026-01-31T18:00:00Z',
    });
    expect(JobData.parse({ ...base, deadline: '2026-01-31T18:00:00+02:00' }).deadline).toBe(
      '2026-01-31T18:00:00+02:00',
    );
    expect(problems({ ...base, lane: 'slow' })).toEqual([
      'lane: Invalid option: expected one of "realtime"|"batch"',
    ]);
    for (const deadline of ['tomorrow', '2026-01-31', 1767225600000]) {
      expect(problems({ ...base, deadline })[0]).toMatch(/^deadline: /);
    }
    expect(problems({ ...base, deadline: 'tomorrow' })).toEqual([
      'deadline: must be an ISO 8601 date and time, e.g. 2026-01-31T18:00:00Z',
    ]);
  });

  it('takes a BCP 47 locale and names a bad one', () => {
    const base = { workflow: 'invoice', input: {} };
    expect(JobData.parse({ ...base, locale: 'ja-JP' })).toMatchObject({ locale: 'ja-JP' });
    expect(problems({ ...base, locale: 'de_DE' })).toEqual([
      'locale: must be a BCP 47 language tag of a known language, e.g. de-DE or en-US, got "de_DE"',
    ]);
    expect(problems({ ...base, locale: 7 })).toEqual([
      'locale: Invalid input: expected string, received number',
    ]);
  });

  it('requires workflow and input, and rejects unknown fields', () => {
    expect(problems({ workflowName: 'invoice' })).toEqual([
      'workflow: Invalid input: expected string, received undefined',
      'input: is required (the workflow input)',
      ': Unrecognized key: "workflowName"',
    ]);
  });

  it('keeps metadata flat and small', () => {
    expect(problems({ workflow: 'invoice', input: {}, metadata: { nested: { a: 1 }, list: [1] } })).toEqual([
      'metadata.nested: must be a string, number, boolean or null (metadata is flat)',
      'metadata.list: must be a string, number, boolean or null (metadata is flat)',
    ]);
    const big = { note: 'x'.repeat(MAX_METADATA_BYTES) };
    expect(problems({ workflow: 'invoice', input: {}, metadata: big })).toEqual([
      `metadata: must serialize to at most 4096 bytes of JSON, got ${MAX_METADATA_BYTES + 11}`,
    ]);
  });

  it('checks names, versions and lineage', () => {
    expect(
      problems({
        workflow: 'Invoice!',
        version: 0,
        input: null,
        lineage: { rootJobId: '', redriveCount: -1 },
      }),
    ).toEqual([
      'workflow: must be a workflow name: lower-case letters, digits and dashes',
      'version: Too small: expected number to be >=1',
      'lineage.rootJobId: Too small: expected string to have >=1 characters',
      'lineage.redriveCount: Too small: expected number to be >=0',
    ]);
  });

  it('names an effort that is not a level', () => {
    expect(problems({ workflow: 'invoice', input: {}, effort: 'turbo' })).toEqual([
      'effort: Invalid option: expected one of "low"|"medium"|"high"|"xhigh"|"max"',
    ]);
    expect(problems({ workflow: 'invoice', input: {}, effort: { start: 'low' } })).toEqual([
      'effort: Invalid option: expected one of "low"|"medium"|"high"|"xhigh"|"max"',
    ]);
  });

  it.each([
    [{ maxTokens: -1 }, 'budget.maxTokens: must be a positive number of tokens'],
    [{ maxTokens: 0 }, 'budget.maxTokens: must be a positive number of tokens'],
    [{ maxTokens: 1.5 }, 'budget.maxTokens: must be a whole number of tokens'],
    [{ maxTokens: Number.NaN }, 'budget.maxTokens: Invalid input: expected number, received NaN'],
    [{ maxTokens: '5000' }, 'budget.maxTokens: Invalid input: expected number, received string'],
    [{ maxTokens: 1e12 }, `budget.maxTokens: must be at most ${MAX_BUDGET_TOKENS} tokens`],
    [{ maxCostUsd: -0.5 }, 'budget.maxCostUsd: must be a positive number of US dollars'],
    [{ maxCostUsd: 0 }, 'budget.maxCostUsd: must be a positive number of US dollars'],
    [{ maxCostUsd: Number.NaN }, 'budget.maxCostUsd: Invalid input: expected number, received NaN'],
    [
      { maxCostUsd: Number.POSITIVE_INFINITY },
      'budget.maxCostUsd: Invalid input: expected number, received Infinity',
    ],
    [{ maxCostUsd: '1' }, 'budget.maxCostUsd: Invalid input: expected number, received string'],
    [{ maxCostUsd: 1e9 }, `budget.maxCostUsd: must be at most ${MAX_BUDGET_COST_USD} US dollars`],
    [{ maxCost: 1 }, 'budget: Unrecognized key: "maxCost"'],
    ['$5', 'budget: Invalid input: expected object, received string'],
  ])('refuses the budget %j naming the problem', (budget, problem) => {
    expect(problems({ workflow: 'invoice', input: {}, budget })).toEqual([problem]);
  });

  it('accepts a budget with either limit, or none', () => {
    for (const budget of [{ maxTokens: 1 }, { maxCostUsd: 0.001 }, { maxCostUsd: MAX_BUDGET_COST_USD }, {}]) {
      expect(problems({ workflow: 'invoice', input: {}, budget })).toEqual([]);
    }
  });

  it('checks a document in the input and leaves the rest of the input to the workflow', () => {
    const document = {
      mediaType: 'application/pdf',
      source: { type: 'blob', key: `sha256:${'a'.repeat(64)}` },
    };
    expect(JobData.parse({ workflow: 'invoice', input: { document } }).input).toEqual({ document });
    expect(JobData.parse({ workflow: 'invoice', input: { text: 'x', document } }).input).toEqual({
      text: 'x',
      document,
    });
    expect(
      problems({ workflow: 'invoice', input: { document: { ...document, mediaType: 'image/tiff' } } }),
    ).toEqual([
      'input.document.mediaType: must be one of application/pdf, image/png, image/jpeg, image/webp, image/gif',
    ]);
    expect(problems({ workflow: 'invoice', input: { document: null } })).toEqual([
      'input.document: must be an object { mediaType, source }',
    ]);
    // Inputs without a document are the workflow's business, as before.
    expect(problems({ workflow: 'invoice', input: 'any' })).toEqual([]);
  });
});
