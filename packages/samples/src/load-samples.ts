import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Invoice, SupportTicket } from '@quarry/workflows';
import { readSampleFile } from './read-sample-file';
import type { Sample } from './sample';

/** The directory holding one `<workflow>.json` sample file per shipped workflow. */
export const SAMPLES_DIR = fileURLToPath(new URL('../data/', import.meta.url));

/** The truth type of each shipped workflow's samples. */
export interface SampleTruths {
  invoice: Invoice;
  'support-ticket': SupportTicket;
}

/** The sample file of a workflow. */
export const sampleFile = (workflow: string): string => join(SAMPLES_DIR, `${workflow}.json`);

/**
 * Reads and validates the shipped sample documents: of one workflow, or of every workflow (in file
 * name order) when none is given. Each truth is parsed with its workflow's output schema.
 * @throws SampleFileError when a file is missing, malformed or holds an invalid sample.
 */
export function loadSamples<W extends keyof SampleTruths>(workflow: W): Sample<SampleTruths[W]>[];
export function loadSamples(workflow?: string): Sample[];
export function loadSamples(workflow?: string): Sample[] {
  if (workflow !== undefined) return readSampleFile(sampleFile(workflow));
  return readdirSync(SAMPLES_DIR)
    .filter((name) => name.endsWith('.json'))
    .sort()
    .flatMap((name) => readSampleFile(join(SAMPLES_DIR, name)));
}
