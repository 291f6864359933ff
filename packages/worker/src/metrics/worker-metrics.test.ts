import type { AttemptRecord } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { parseMetrics } from '../test-fixtures/metrics-text';
import { createWorkerMetrics } from './worker-metrics';

const attempt = (model: string): AttemptRecord => ({
  n: 1,
  startedAt: '2025-06-01T00:00:00.000Z',
  durationMs: 100,
  model,
  strategy: 'structured',
  maxTokens: 1024,
  stopReason: 'end_turn',
  requestId: null,
  rawOutput: '{}',
  rawOutputTruncated: false,
  toolCallId: null,
  issues: [{ source: 'schema', path: 'total', code: 'invalid_type', message: 'expected number' }],
  usage: { inputTokens: 10, outputTokens: 5, cacheCreationInputTokens: 0, cacheReadInputTokens: 0 },
  costUsd: 0.001,
});

/** The distinct values of `label` across every sample of the registry. */
async function labelValues(metrics: ReturnType<typeof createWorkerMetrics>, label: string) {
  const samples = parseMetrics(await metrics.registry.metrics());
  const pattern = new RegExp(`[{,]${label}="([^"]*)"`);
  return new Set([...samples.keys()].flatMap((key) => pattern.exec(key)?.[1] ?? []));
}

describe('worker metric labels', () => {
  it('row 91: metric label values from jobs -> label at most the configured number of models and workflows, the rest as "other"', async () => {
    const metrics = createWorkerMetrics({ maxModelLabels: 2, maxWorkflowLabels: 3 });
    for (let i = 0; i < 50; i += 1) {
      metrics.attempt(`workflow-${i}`, attempt(`model-${i}`));
      metrics.modelCall(`model-${i}`, 'ok', 0.5);
      metrics.ended(`workflow-${i}`, 'dead_lettered', 'invalid_payload');
    }
    expect(await labelValues(metrics, 'model')).toEqual(new Set(['model-0', 'model-1', 'other']));
    expect(await labelValues(metrics, 'workflow')).toEqual(
      new Set(['workflow-0', 'workflow-1', 'workflow-2', 'other']),
    );
    const samples = parseMetrics(await metrics.registry.metrics());
    expect(samples.get('quarry_model_call_duration_seconds_count{model="other",outcome="ok"}')).toBe(48);
    expect(samples.get('quarry_jobs_total{outcome="dead_lettered",workflow="other"}')).toBe(47);
  });

  it('keep by default 20 models and 50 workflows apart', async () => {
    const metrics = createWorkerMetrics();
    for (let i = 0; i < 60; i += 1) metrics.attempt(`workflow-${i}`, attempt(`model-${i}`));
    expect((await labelValues(metrics, 'model')).size).toBe(21);
    expect((await labelValues(metrics, 'workflow')).size).toBe(51);
  });
});
