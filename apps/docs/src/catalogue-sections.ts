/** A section of the bad-input catalogue and the rows it groups. */
export interface CatalogueSection {
  readonly title: string;
  readonly rows: readonly number[];
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: to - from + 1 }, (_, i) => from + i);

/**
 * The catalogue's sections. A row that none lists is shown under "Other rows" until it is added
 * here: rows are numbered in the order they were written, sections by what they are about.
 */
export const catalogueSections: readonly CatalogueSection[] = [
  { title: 'Payload contract violations', rows: range(1, 16) },
  { title: 'Queue problems', rows: [...range(17, 22), ...range(98, 101)] },
  { title: 'Model output problems', rows: range(23, 37) },
  { title: 'Job identity and budget', rows: range(38, 42) },
  { title: 'Upstream errors and prompt problems', rows: range(43, 50) },
  { title: 'Hostile upstream and wedged workers', rows: [...range(51, 58), 85] },
  { title: 'Model table and configuration problems', rows: range(59, 69) },
  { title: 'Requests each model accepts, refusals, effort', rows: range(70, 84) },
  { title: 'Terminal output, model overrides, files', rows: [...range(86, 97), ...range(102, 118)] },
  { title: 'Rate limits and pacing', rows: range(119, 143) },
  { title: 'Batches, blobs, planted errors, addresses, encrypted PDFs, delays', rows: range(144, 150) },
  { title: 'Workflows from files', rows: range(151, 158) },
  { title: 'Evaluation jobs and lesson effects', rows: range(159, 166) },
  { title: 'Large extractions', rows: range(167, 177) },
  { title: 'HTTP API', rows: range(178, 189) },
  { title: 'Completion webhooks', rows: range(190, 201) },
  { title: 'Traces', rows: range(202, 205) },
  { title: 'Tenants', rows: range(206, 230) },
];
