import { collectDefaultMetrics } from 'prom-client';
import { createWorkerMetrics, type WorkerMetrics } from './metrics/worker-metrics';
import type { WorkerConfig } from './worker-config';

/**
 * The caller's metrics, or metrics of the worker's own with the process metrics (CPU, memory, event
 * loop lag, GC) collected when they are served (`config.metrics.port` set).
 */
export function workerMetricsOf(options: {
  readonly config: WorkerConfig;
  readonly metrics: WorkerMetrics | undefined;
}): WorkerMetrics {
  const { config } = options;
  if (options.metrics) return options.metrics;
  const metrics = createWorkerMetrics({ maxSignatureLabels: config.metrics.maxSignatureLabels });
  if (config.metrics.port !== null) collectDefaultMetrics({ register: metrics.registry });
  return metrics;
}
