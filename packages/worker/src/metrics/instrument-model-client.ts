import { performance } from 'node:perf_hooks';
import { type ModelClient, ModelTransportError } from '@quarry/core';
import type { ModelCallOutcome, WorkerMetrics } from './worker-metrics';

function outcomeOf(error: unknown, signal: AbortSignal | undefined): ModelCallOutcome {
  if (signal?.aborted) return 'aborted';
  return error instanceof ModelTransportError ? error.kind : 'error';
}

/**
 * Wraps a model client so every call, failed ones included, lands in the model-call latency
 * histogram with its outcome. Adds two clock reads per call.
 */
export function instrumentModelClient(model: ModelClient, metrics: WorkerMetrics): ModelClient {
  return {
    async generate(request, options) {
      const started = performance.now();
      try {
        const response = await model.generate(request, options);
        metrics.modelCall(request.model, 'ok', (performance.now() - started) / 1000);
        return response;
      } catch (error) {
        metrics.modelCall(
          request.model,
          outcomeOf(error, options?.signal),
          (performance.now() - started) / 1000,
        );
        throw error;
      }
    },
  };
}
