import type { BenchContext } from './bench-context';
import type { LineResult } from './bench-line';
import { batchCost } from './lines/batch-cost';
import { batchLane } from './lines/batch-lane';
import { cliStartup } from './lines/cli-startup';
import { dlqTriage } from './lines/dlq-triage';
import { documentBytes } from './lines/document-bytes';
import { documentJobMemory } from './lines/document-job-memory';
import { effortLadder } from './lines/effort-ladder';
import { evalAccuracy } from './lines/eval-accuracy';
import { featureCost } from './lines/feature-cost';
import { groundingCatch } from './lines/grounding-catch';
import { ioBound } from './lines/io-bound';
import { lessons } from './lines/lessons';
import { longDocuments } from './lines/long-documents';
import { memory } from './lines/memory';
import { modelLadder } from './lines/model-ladder';
import { modelPrices } from './lines/model-prices';
import { pipelineOverhead } from './lines/pipeline-overhead';
import { rateLimitPacing } from './lines/rate-limit-pacing';
import { replayRate } from './lines/replay-rate';
import { roundTrips } from './lines/round-trips';
import { scaleOut } from './lines/scale-out';
import { scaleOutProcesses } from './lines/scale-out-processes';
import { tenantBudgets } from './lines/tenant-budgets';
import { tenantShares } from './lines/tenant-shares';
import { tenantStarvation } from './lines/tenant-starvation';
import { tokenEconomics } from './lines/token-economics';

/** A bench line: its number and how to measure it. */
export interface BenchLine {
  readonly id: number;
  readonly title: string;
  readonly run: (context: BenchContext) => Promise<LineResult>;
}

/** Every line of `pnpm bench`, in order. */
export const benchLines: readonly BenchLine[] = [
  { id: 1, title: 'Pipeline overhead', run: pipelineOverhead },
  { id: 2, title: 'I/O bound', run: ioBound },
  { id: 3, title: 'Scale out', run: scaleOut },
  { id: 4, title: 'Redis round trips', run: roundTrips },
  { id: 5, title: 'Token economics', run: tokenEconomics },
  { id: 6, title: 'Cross-step learning', run: lessons },
  { id: 7, title: 'Worker memory', run: memory },
  { id: 8, title: 'Replay rate', run: replayRate },
  { id: 9, title: 'Model prices', run: modelPrices },
  { id: 10, title: 'Effort ladder', run: effortLadder },
  { id: 11, title: 'DLQ triage', run: dlqTriage },
  { id: 12, title: 'Batch lane cost', run: batchCost },
  { id: 13, title: 'Batch lane at scale', run: batchLane },
  { id: 14, title: 'Grounding', run: groundingCatch },
  { id: 15, title: 'Model ladder', run: modelLadder },
  { id: 16, title: 'Rate-limit pacing', run: rateLimitPacing },
  { id: 17, title: 'Document job memory', run: documentJobMemory },
  { id: 18, title: 'Document bytes', run: documentBytes },
  { id: 19, title: 'CLI start-up', run: cliStartup },
  { id: 20, title: 'Eval accuracy', run: evalAccuracy },
  { id: 21, title: 'Long documents', run: longDocuments },
  { id: 22, title: 'Scale-out processes', run: scaleOutProcesses },
  { id: 23, title: 'Tenant starvation', run: tenantStarvation },
  { id: 24, title: 'Tenant shares', run: tenantShares },
  { id: 25, title: 'Tenant budgets', run: tenantBudgets },
  { id: 26, title: 'Feature cost', run: featureCost },
];
