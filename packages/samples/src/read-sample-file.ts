import { readdirSync, readFileSync } from 'node:fs';
import { basename, dirname } from 'node:path';
import type { WorkflowRegistry } from '@quarry/core';
import { defaultRegistry } from '@quarry/workflows';
import { z } from 'zod';
import { Sample } from './sample';
import { SampleFileError } from './sample-file-error';

function readJson(file: string): unknown {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (cause) {
    let known = '';
    try {
      known = `; sample files there: ${readdirSync(dirname(file))
        .filter((name) => name.endsWith('.json'))
        .join(', ')}`;
    } catch {
      // The directory itself is missing; the message says the file cannot be read.
    }
    throw new SampleFileError({ file, problem: `cannot be read${known}`, cause });
  }
  try {
    return JSON.parse(text);
  } catch (cause) {
    throw new SampleFileError({ file, problem: 'is not valid JSON', cause });
  }
}

/**
 * Reads one sample file (`<workflow>.json`, a JSON array of samples) and validates every sample:
 * its shape, that it belongs to the file's workflow, a unique id, and its truth against the output
 * schema of the workflow version it names. Returns the samples with their truths parsed.
 * @throws SampleFileError naming the file, the sample and the problem.
 */
export function readSampleFile(file: string, registry: WorkflowRegistry = defaultRegistry()): Sample[] {
  const workflow = basename(file, '.json');
  const data = readJson(file);
  if (!Array.isArray(data)) throw new SampleFileError({ file, problem: 'must hold a JSON array of samples' });
  const seen = new Set<string>();
  return data.map((entry: unknown, i) => {
    const parsed = Sample.safeParse(entry);
    if (!parsed.success) {
      throw new SampleFileError({ file, problem: `entry ${i}: ${z.prettifyError(parsed.error)}` });
    }
    const sample = parsed.data;
    const fail = (problem: string, cause?: unknown) =>
      new SampleFileError({ file, sampleId: sample.id, problem, cause });
    if (sample.workflow !== workflow) throw fail(`workflow is "${sample.workflow}", expected "${workflow}"`);
    if (seen.has(sample.id)) throw fail('duplicate sample id');
    seen.add(sample.id);
    let output: z.ZodType;
    try {
      output = registry.get(sample.workflow, sample.version).output;
    } catch (cause) {
      throw fail(`no workflow ${sample.workflow}@v${sample.version} is registered`, cause);
    }
    const truth = output.safeParse(sample.truth);
    if (!truth.success) throw fail(`truth breaks the output schema: ${z.prettifyError(truth.error)}`);
    return { ...sample, truth: truth.data };
  });
}
