export * from './build-samples';
export * from './load-samples';
export { type PdfLayout, type PdfLayoutName, pdfLayoutNames, pdfLayouts } from './pdf/pdf-layouts';
export { renderSamplePdf, type SamplePdf } from './pdf/render-sample-pdf';
export { renderSamples, type SampleRendering } from './pdf/sample-renderings';
export * from './read-sample-file';
export * from './sample';
export * from './sample-file-error';
