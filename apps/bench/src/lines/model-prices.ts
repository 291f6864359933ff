import { createAnthropicModelClient } from '@quarry/anthropic';
import {
  addUsage,
  ExtractionExhaustedError,
  ExtractionRejectedError,
  emptyUsage,
  extract,
  extractDefaults,
} from '@quarry/core';
import { defaultRegistry } from '@quarry/workflows';
import { termsAppendix } from '../appendix-text';
import type { BenchContext } from '../bench-context';
import { benchJobData } from '../bench-jobs';
import type { LineResult } from '../bench-line';
import { type ModelRun, modelPricesResult } from '../model-price-summary';
import { pool } from '../pool';
import { startSimulatedStandin } from '../processes/simulated-standin';
import { retryHeavyMistakes } from '../token-sides';

/** Characters of terms appended in the long-document pass: about 112,000 tokens at 4 characters a token. */
const LONG_APPENDIX_CHARACTERS = 450_000;

/** One model on `jobs` documents through the extraction loop (SDK against the stand-in, no lessons). */
async function runModel(options: {
  readonly context: BenchContext;
  readonly baseURL: string;
  readonly model: string;
  readonly jobs: number;
  readonly concurrency: number;
  readonly appendix: string;
}): Promise<ModelRun> {
  const { context, model } = options;
  const client = createAnthropicModelClient({ apiKey: 'bench', baseURL: options.baseURL, maxRetries: 0 });
  const registry = defaultRegistry();
  const outcomes = await pool(options.jobs, options.concurrency, async (i) => {
    // The same references for every model: the stand-in draws the same mistakes for each.
    const data = benchJobData(context.corpus, 'models', i, options.appendix);
    try {
      const result = await extract({
        workflow: registry.get(data.workflow, data.version),
        input: data.input,
        model: client,
        modelId: model,
        models: context.models,
      });
      return { valid: true, calls: result.attempts, costUsd: result.costUsd, usage: result.usage };
    } catch (error) {
      if (!(error instanceof ExtractionExhaustedError || error instanceof ExtractionRejectedError))
        throw error;
      return { valid: false, calls: error.records.length, costUsd: error.costUsd, usage: error.usage };
    }
  });
  let costUsd = 0;
  for (const outcome of outcomes) {
    if (outcome.costUsd === null)
      throw new Error(`No price for ${model}: it has no entry in the model table`);
    costUsd += outcome.costUsd;
  }
  return {
    model,
    jobs: options.jobs,
    valid: outcomes.filter((outcome) => outcome.valid).length,
    calls: outcomes.reduce((sum, outcome) => sum + outcome.calls, 0),
    costUsd,
    usage: outcomes.reduce((sum, outcome) => addUsage(sum, outcome.usage), emptyUsage()),
  };
}

/**
 * Line 9: what a valid extraction costs on each model of the table, at the same simulated skill
 * (the retry-heavy simulation of line 5, the same documents drawing the same mistakes), priced per
 * attempt from the table; then the same on a few long documents whose prompts pass the Haiku 5.5
 * tier. It shows price structure, tiers and cache multipliers, not which model is smarter.
 * Deprecated models are left out.
 */
export async function modelPrices(context: BenchContext): Promise<LineResult> {
  const { jobs, longJobs, concurrency } = context.sizes.models;
  const standin = await startSimulatedStandin({ corpus: context.corpus, mistakes: retryHeavyMistakes });
  try {
    // A deprecated model is about to go (and the SDK warns on every call to it): not a choice.
    const models = Object.entries(context.models)
      .filter(([, spec]) => spec.status !== 'deprecated')
      .map(([id]) => id);
    const leftOut = Object.keys(context.models).filter((id) => !models.includes(id));
    const runs: ModelRun[] = [];
    const longRuns: ModelRun[] = [];
    const long = termsAppendix(LONG_APPENDIX_CHARACTERS);
    for (const model of models) {
      const base = { context, baseURL: standin.url, model, concurrency };
      runs.push(await runModel({ ...base, jobs, appendix: '' }));
      longRuns.push(await runModel({ ...base, jobs: longJobs, appendix: long }));
    }
    context.log(`line 9: ${models.length} models priced`);
    return modelPricesResult({
      runs,
      longRuns,
      defaultModel: extractDefaults.modelId,
      simulation: `${retryHeavyMistakes.rate * 100} % of documents wrong first, ${retryHeavyMistakes.unfixableRate * 100} % never fixed`,
      longPromptTokens: 100_000,
      leftOut: leftOut.length > 0 ? `${leftOut.join(', ')} (deprecated)` : undefined,
    });
  } finally {
    await standin.close();
  }
}
