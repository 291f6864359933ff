import {
  loadSamples,
  type PdfLayoutName,
  renderSamplePdf,
  renderSamples,
  type Sample,
} from '@quarry/samples';
import { documentText } from '../bench-corpus';

/** Every this-many-th document job sends the same bytes as the one before it (content addressing: one blob for two jobs). */
const REPEAT_EVERY = 10;

/** The layouts with a text layer: the stand-in reads the invoice and the job's reference from it. */
const layouts: readonly PdfLayoutName[] = ['letter-plain', 'a4-banner', 'a5-two-page'];

/** Whether the soak's `i`-th job is a document job: a `share` of the jobs (0..1), spread evenly. */
export function isDocumentJob(share: number, i: number): boolean {
  return Math.floor((i + 1) * share) > Math.floor(i * share);
}

/** Document jobs among the first `jobs` jobs. */
export const documentJobCount = (share: number, jobs: number): number => Math.floor(jobs * share);

/** A document job's PDF and the reference its text layer ends with (names it at the stand-in). */
interface SoakDocument {
  readonly workflow: string;
  readonly version: number;
  readonly reference: string;
  readonly bytes: Uint8Array;
}

/** The soak's document jobs: PDF renderings of the shipped invoices, each with its own reference line. */
export interface SoakDocuments {
  /** The PDF of the soak's `i`-th job, which must be a document job ({@link isDocumentJob}). */
  documentOf(i: number): Promise<SoakDocument>;
}

/**
 * Renders the document of the `d`-th document job: a shipped invoice (those the PDF font covers, in
 * turn) in a layout with a text layer, ending with `Reference: soak-doc-<n>`. Every
 * {@link REPEAT_EVERY}th document job repeats the previous one's document byte for byte (the
 * renderer is deterministic), so both jobs refer to one blob and one reference at the stand-in.
 */
export async function soakDocuments(share: number): Promise<SoakDocuments> {
  const invoices = loadSamples('invoice');
  const renderable = new Set((await renderSamples(invoices)).map((rendering) => rendering.sampleId));
  const samples: Sample[] = invoices.filter((sample) => renderable.has(sample.id));
  if (samples.length === 0) throw new Error('No shipped invoice can be rendered as a PDF');
  return {
    async documentOf(i) {
      const ordinal = Math.floor(i * share);
      const n = ordinal % REPEAT_EVERY === REPEAT_EVERY - 1 ? ordinal - 1 : ordinal;
      const reference = `soak-doc-${n}`;
      const sample = samples[n % samples.length] as Sample;
      const layout = layouts[n % layouts.length] as PdfLayoutName;
      const pdf = await renderSamplePdf({ text: documentText(sample, reference), layout });
      return { workflow: sample.workflow, version: sample.version, reference, bytes: pdf.bytes };
    },
  };
}
