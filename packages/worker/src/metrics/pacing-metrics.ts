import type { RateLimitDimensionName } from '@quarry/core';
import { Counter, Gauge, type Registry } from 'prom-client';
import { BoundedLabels } from './bounded-labels';

/** The pacer's metrics: what its shared budgets hold, and how often and long calls waited for them. */
export interface PacingMetrics {
  /** The level of one dimension of a class's budget after this worker's latest draw or settlement. */
  budgetLevel(rateLimitClass: string, dimension: RateLimitDimensionName, level: number): void;
  /** A call waited `ms` for its budget before it was sent. */
  waited(rateLimitClass: string, ms: number): void;
  /** A rate-limit header was present but ignored (malformed, negative, out of range). */
  headerIgnored(header: string): void;
}

const dimensionLabels: Readonly<Record<RateLimitDimensionName, string>> = {
  requests: 'requests',
  inputTokens: 'input_tokens',
  outputTokens: 'output_tokens',
};

/** Creates the pacer's metrics on `registry`; classes past 20 count as `other`, header names past 20 too. */
export function createPacingMetrics(options: { readonly registry: Registry }): PacingMetrics {
  const registers = [options.registry];
  const classes = new BoundedLabels(20);
  const headers = new BoundedLabels(20);
  const level = new Gauge({
    name: 'quarry_rate_limit_budget_remaining',
    help: 'Units left in the shared rate-limit budget of a model class, by dimension (requests, input_tokens, output_tokens), as of this worker’s latest draw or settlement; below 0 when calls already wait for it',
    labelNames: ['class', 'dimension'] as const,
    registers,
  });
  const waits = new Counter({
    name: 'quarry_rate_limit_waits_total',
    help: 'Model calls that waited for their rate-limit budget before being sent, by model class',
    labelNames: ['class'] as const,
    registers,
  });
  const waitSeconds = new Counter({
    name: 'quarry_rate_limit_wait_seconds_total',
    help: 'Seconds model calls waited for their rate-limit budget, by model class',
    labelNames: ['class'] as const,
    registers,
  });
  const ignored = new Counter({
    name: 'quarry_rate_limit_headers_ignored_total',
    help: 'Rate-limit headers present but ignored (malformed, negative or out of range), by header name',
    labelNames: ['header'] as const,
    registers,
  });
  return {
    budgetLevel(rateLimitClass, dimension, value) {
      level.set({ class: classes.label('', rateLimitClass), dimension: dimensionLabels[dimension] }, value);
    },
    waited(rateLimitClass, ms) {
      const label = { class: classes.label('', rateLimitClass) };
      waits.inc(label);
      waitSeconds.inc(label, ms / 1000);
    },
    headerIgnored(header) {
      ignored.inc({ header: headers.label('', header) });
    },
  };
}
