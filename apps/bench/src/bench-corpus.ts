import { loadSamples, type Sample } from '@quarry/samples';

/** What ends every bench document: the job's reference, which the stand-in keys its counters by. */
const REFERENCE_MARK = '\nReference: ';

/** Pattern naming a bench document by its reference (the stand-in's `documentKey`). */
export const REFERENCE_PATTERN = 'Reference: ([A-Za-z0-9_-]+)';

/** The shipped sample documents (invoice and support-ticket) with their true outputs. */
export interface BenchCorpus {
  readonly samples: readonly Sample[];
  /** The sample the `i`-th job uses (round robin). */
  sampleAt(i: number): Sample;
  /** The true output of a document built by {@link documentText}, or undefined for another text. */
  truthOf(document: string): unknown;
}

/** A job's document: the sample text followed by its reference line. */
export function documentText(sample: Pick<Sample, 'text'>, reference: string): string {
  return `${sample.text}${REFERENCE_MARK}${reference}`;
}

/** Loads the shipped samples once: of every workflow, or of one. */
export function loadBenchCorpus(workflow?: string): BenchCorpus {
  const samples = workflow === undefined ? loadSamples() : loadSamples(workflow);
  if (samples.length === 0)
    throw new Error(`The shipped samples${workflow ? ` of ${workflow}` : ''} are empty`);
  const truths = new Map(samples.map((sample) => [sample.text, sample.truth]));
  return {
    samples,
    sampleAt: (i) => samples[i % samples.length] as Sample,
    truthOf(document) {
      const cut = document.lastIndexOf(REFERENCE_MARK);
      return truths.get(cut < 0 ? document : document.slice(0, cut));
    },
  };
}
