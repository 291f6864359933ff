// Documents for tests of other packages (`@quarry/documents/testing`): real PDFs and image headers,
// hostile ones included. Built with pdf-lib, a development dependency of this package.
export { gifHeader, pngHeader } from './image-fixtures';
export {
  deflateBombPdf,
  encryptedPdf,
  encryptedTextPdf,
  manyPagesPdf,
  type PdfCipher,
  paddedPdf,
  textPdf,
} from './pdf-fixtures';
