/**
 * Writes the shipped sample files (`data/<workflow>.json`) from the seeded generator.
 * Run with `pnpm --filter @quarry/samples samples:generate`; the output is deterministic.
 */
import { writeFileSync } from 'node:fs';
import { buildSamples } from './build-samples';
import { sampleFile } from './load-samples';
import { serializeSamples } from './serialize-samples';

for (const [workflow, samples] of Object.entries(buildSamples())) {
  const file = sampleFile(workflow);
  writeFileSync(file, serializeSamples(samples));
  process.stdout.write(`wrote ${samples.length} ${workflow} samples to ${file}\n`);
}
