import type { Sample } from '../sample';
import { pdfLayoutNames } from './pdf-layouts';
import { renderSamplePdf, type SamplePdf } from './render-sample-pdf';
import { fontCovers } from './sample-font';

/** A PDF rendering of a shipped sample: which sample, and the PDF. */
export interface SampleRendering extends SamplePdf {
  readonly sampleId: string;
  readonly workflow: string;
}

/**
 * PDF renderings of samples, each sample in the next layout in turn (so a quarter of them,
 * `letter-outlined`, have no text layer). Samples with characters the bundled font lacks (the
 * Japanese invoices) are left out: their rendering would not show their text.
 */
export async function renderSamples(samples: readonly Sample[]): Promise<SampleRendering[]> {
  const covered = await Promise.all(samples.map((sample) => fontCovers(sample.text)));
  const renderable = samples.filter((_, index) => covered[index]);
  return Promise.all(
    renderable.map(async (sample, index) => {
      const layout = pdfLayoutNames[index % pdfLayoutNames.length] ?? 'letter-plain';
      const pdf = await renderSamplePdf({ text: sample.text, layout });
      return { ...pdf, sampleId: sample.id, workflow: sample.workflow };
    }),
  );
}
