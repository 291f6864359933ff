export { DocumentLimits, documentLimits } from './document-limits';
export { DOCUMENT_MEDIA_TYPES, type DocumentMediaType, normalizeMediaType } from './document-media-type';
export type { DocumentRefusal, RefusalReason } from './document-refusal';
export { extractPdfText, type PdfPageText, type PdfText } from './extract-pdf-text';
export { type AddressPolicy, type AddressVerdict, publicAddressPolicy } from './fetch/address-policy';
export { type FetchDocumentOptions, type FetchedDocument, fetchDocument } from './fetch/fetch-document';
export {
  DocumentFetchError,
  type FetchProblem,
  UnsafeUrlError,
  type UnsafeUrlProblem,
} from './fetch/fetch-errors';
export { type HostLookup, type ResolvedAddress, resolveHost, systemLookup } from './fetch/resolve-host';
export { type DocumentFacts, type DocumentInspection, inspectDocument } from './inspect-document';
export { countPdfPages } from './pdf/count-pdf-pages';
export { decryptPdf } from './pdf/decrypt-pdf';
export { PdfPagesError, type PdfPagesProblem } from './pdf/pdf-pages-error';
export { pdfjs } from './pdf/pdfjs';
export { slicePdfPages } from './pdf/slice-pdf-pages';
export { type SniffedType, sniffMediaType } from './sniff-media-type';
