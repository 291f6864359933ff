import { loadSamples, renderSamples, type Sample, type SampleRendering } from '@quarry/samples';
import type { JobOutcome } from './job-outcome';

/** A demo document: a shipped sample and, with `--documents pdf`, its PDF rendering. */
export interface DemoDocument {
  readonly sample: Sample;
  readonly pdf: SampleRendering | null;
}

/** What `--documents pdf` adds to the summary. */
export interface DocumentsSummary {
  readonly pdfs: number;
  readonly pages: number;
  readonly withoutTextLayer: number;
  /** Files API uploads (the stand-in's count; null on the live API, where the demo cannot see them). */
  readonly uploads: number | null;
  /** Jobs that sent their PDF to the Messages API (each attempt refers to the upload). */
  readonly jobs: number;
  /** Results flagged for review because the PDF has no text layer to ground in. */
  readonly flaggedNoTextLayer: number;
  /** Grounded fields of the results, and those whose provenance names a page. */
  readonly groundedFields: number;
  readonly groundedOnPage: number;
  /** Completed results of PDFs with a text layer compared with the samples' true outputs. */
  readonly textLayerAccuracy: { readonly compared: number; readonly exact: number };
}

/**
 * PDF renderings of the shipped invoices (each sample in the next layout in turn, a quarter without
 * a text layer; see `renderSamples`), at most `limit` of them.
 */
export async function pdfDocuments(limit: number | null): Promise<DemoDocument[]> {
  const samples = loadSamples('invoice');
  const renderings = await renderSamples(samples);
  const chosen = limit === null ? renderings : renderings.slice(0, limit);
  return chosen.map((pdf) => {
    const sample = samples.find((candidate) => candidate.id === pdf.sampleId);
    if (!sample) throw new Error(`rendering of an unknown sample ${pdf.sampleId}`);
    return { sample, pdf };
  });
}

/** The documents part of the summary, from the PDFs, the jobs' outcomes (same order) and the upload count. */
export function documentsSummary(options: {
  readonly documents: readonly DemoDocument[];
  readonly outcomes: readonly JobOutcome[];
  readonly uploads: number | null;
}): DocumentsSummary {
  const pdfs = options.documents.flatMap((document) => (document.pdf ? [document.pdf] : []));
  const withTextLayer = options.outcomes.filter(
    (outcome, index) => options.documents[index]?.pdf?.textLayer === true && outcome.matchesTruth !== null,
  );
  const sum = (pick: (outcome: JobOutcome) => number) =>
    options.outcomes.reduce((total, outcome) => total + pick(outcome), 0);
  return {
    pdfs: pdfs.length,
    pages: pdfs.reduce((total, pdf) => total + pdf.pages, 0),
    withoutTextLayer: pdfs.filter((pdf) => !pdf.textLayer).length,
    uploads: options.uploads,
    jobs: options.outcomes.filter((outcome) => outcome.modelCalls > 0).length,
    flaggedNoTextLayer: options.outcomes.filter((outcome) => outcome.noTextLayer).length,
    groundedFields: sum((outcome) => outcome.grounded.fields),
    groundedOnPage: sum((outcome) => outcome.grounded.onPage),
    textLayerAccuracy: {
      compared: withTextLayer.length,
      exact: withTextLayer.filter((outcome) => outcome.matchesTruth === true).length,
    },
  };
}
