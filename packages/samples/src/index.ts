export { buildSamples, type GeneratedSamples, INVOICE_SAMPLE_COUNT, SAMPLE_SEED } from './build-samples';
export { GeneratorOptionsError } from './generator-options-error';
export { LedgerRow, LedgerStatement } from './ledger/ledger-statement';
export { LEDGER_MAX_TEXT_LENGTH, ledgerSplit, ledgerWorkflow } from './ledger/ledger-workflow';
export { type LongTableDocument, longTableDefaults, longTableDocument } from './ledger/long-table-document';
export { loadSamples, SAMPLES_DIR, type SampleTruths, sampleFile } from './load-samples';
export { type PdfLayout, type PdfLayoutName, pdfLayoutNames, pdfLayouts } from './pdf/pdf-layouts';
export { renderSamplePdf, type SamplePdf } from './pdf/render-sample-pdf';
export { renderSamples, type SampleRendering } from './pdf/sample-renderings';
export { readSampleFile } from './read-sample-file';
export { Sample } from './sample';
export { SampleFileError } from './sample-file-error';
export {
  type WideFormDocument,
  type WideFormSection,
  wideFormDefaults,
  wideFormDocument,
} from './wide-form/wide-form-document';
