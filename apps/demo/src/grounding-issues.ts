import type { WorkerMetrics } from '@quarry/worker';

/** Grounding issues the worker fed back so far (`quarry_issues_total{source="grounding"}`). */
export async function groundingIssues(metrics: WorkerMetrics): Promise<number> {
  const metric = metrics.registry.getSingleMetric('quarry_issues_total');
  if (!metric) return 0;
  const { values } = await metric.get();
  return values.reduce((sum, sample) => (sample.labels.source === 'grounding' ? sum + sample.value : sum), 0);
}
