import { type AttemptRecord, CacheMissReason, issueSignature } from '@quarry/core';
import { Counter, type Registry } from 'prom-client';
import type { BoundedLabels } from './bounded-labels';

/** Options of {@link createAttemptMetrics}. */
export interface AttemptMetricsOptions {
  readonly registers: Registry[];
  /** The bounded label of a workflow name. */
  readonly workflowLabel: (name: string) => string;
  /** The bounded label of a model id. */
  readonly modelLabel: (id: string) => string;
  /** Issue signatures, bounded per workflow. */
  readonly signatures: BoundedLabels;
}

const usageTypes = [
  ['inputTokens', 'input'],
  ['outputTokens', 'output'],
  ['cacheCreationInputTokens', 'cache_creation'],
  ['cacheReadInputTokens', 'cache_read'],
] as const;

/**
 * Creates the per-attempt metrics (first attempts, attempts, issues, tokens, cost, unpriced attempts,
 * cache misses) and returns what counts one stored attempt in them.
 */
export function createAttemptMetrics(
  options: AttemptMetricsOptions,
): (workflow: string, record: AttemptRecord) => void {
  const { registers, signatures } = options;
  const firstAttempts = new Counter({
    name: 'quarry_first_attempts_total',
    help: 'First attempts of jobs, by whether the first reply was valid',
    labelNames: ['workflow', 'valid'] as const,
    registers,
  });
  const attempts = new Counter({
    name: 'quarry_attempts_total',
    help: 'Model replies (attempts) stored, by whether they were valid and the lane that answered them',
    labelNames: ['workflow', 'valid', 'lane'] as const,
    registers,
  });
  const issues = new Counter({
    name: 'quarry_issues_total',
    help: 'Issues found in replies, by source and signature (signatures past the cap count as "other")',
    labelNames: ['workflow', 'source', 'signature'] as const,
    registers,
  });
  const tokens = new Counter({
    name: 'quarry_tokens_total',
    help: 'Tokens billed, by type: input, output, cache_creation, cache_read',
    labelNames: ['workflow', 'model', 'type'] as const,
    registers,
  });
  const cost = new Counter({
    name: 'quarry_cost_usd_total',
    help: 'Cost of model calls in USD, by lane (calls of models without a known price are not included)',
    labelNames: ['workflow', 'model', 'lane'] as const,
    registers,
  });
  const unpriced = new Counter({
    name: 'quarry_unpriced_attempts_total',
    help: 'Attempts whose model has no known price (their cost is missing from quarry_cost_usd_total)',
    labelNames: ['workflow', 'model'] as const,
    registers,
  });
  const cacheMisses = new Counter({
    name: 'quarry_cache_misses_total',
    help: `Attempts whose cache diagnostics named why the prompt cache missed the previous attempt's prefix, by reason: ${CacheMissReason.options.join(', ')}`,
    labelNames: ['workflow', 'reason'] as const,
    registers,
  });
  return (name, record) => {
    const workflow = options.workflowLabel(name);
    const model = options.modelLabel(record.model);
    const valid = record.issues.length === 0 ? 'true' : 'false';
    const lane = record.lane ?? 'realtime';
    attempts.inc({ workflow, valid, lane });
    if (record.n === 1) firstAttempts.inc({ workflow, valid });
    for (const issue of record.issues) {
      issues.inc({
        workflow,
        source: issue.source,
        signature: signatures.label(workflow, issueSignature(issue)),
      });
    }
    for (const [field, type] of usageTypes) {
      const count = record.usage[field];
      if (count > 0) tokens.inc({ workflow, model, type }, count);
    }
    if (record.costUsd === null) unpriced.inc({ workflow, model });
    else cost.inc({ workflow, model, lane }, record.costUsd);
    if (record.cacheMissReason) cacheMisses.inc({ workflow, reason: record.cacheMissReason });
  };
}
