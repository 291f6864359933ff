export { DocumentLimits, documentLimits } from './document-limits';
export { DOCUMENT_MEDIA_TYPES, type DocumentMediaType, normalizeMediaType } from './document-media-type';
export type { DocumentRefusal, RefusalReason } from './document-refusal';
export { extractPdfText, type PdfPageText, type PdfText } from './extract-pdf-text';
export { type DocumentFacts, type DocumentInspection, inspectDocument } from './inspect-document';
export { type SniffedType, sniffMediaType } from './sniff-media-type';
