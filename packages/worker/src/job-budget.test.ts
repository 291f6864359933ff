import { describe, expect, it } from 'vitest';
import { jobBudget } from './job-budget';

describe('jobBudget', () => {
  it('has no limit when neither the job nor the worker sets one', () => {
    expect(jobBudget({ budget: undefined, defaultMaxCostUsd: null })).toBeUndefined();
    expect(jobBudget({ budget: {}, defaultMaxCostUsd: null })).toBeUndefined();
  });

  it("applies the worker's default cost limit to a job without one", () => {
    expect(jobBudget({ budget: undefined, defaultMaxCostUsd: 0.5 })).toEqual({ maxCostUsd: 0.5 });
    expect(jobBudget({ budget: { maxTokens: 9000 }, defaultMaxCostUsd: 0.5 })).toEqual({
      maxTotalTokens: 9000,
      maxCostUsd: 0.5,
    });
  });

  it("lets the job's own cost limit win, above or below the default", () => {
    expect(jobBudget({ budget: { maxCostUsd: 2 }, defaultMaxCostUsd: 0.5 })).toEqual({ maxCostUsd: 2 });
    expect(jobBudget({ budget: { maxCostUsd: 0.01 }, defaultMaxCostUsd: 0.5 })).toEqual({ maxCostUsd: 0.01 });
  });
});
