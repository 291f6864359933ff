// Documents for tests of other packages (`@quarry/documents/testing`): real PDFs and image headers,
// hostile ones included. Built with pdf-lib, a development dependency of this package.
export { gifHeader, pngHeader } from './image-fixtures';
export { deflateBombPdf, encryptedPdf, manyPagesPdf, paddedPdf, textPdf } from './pdf-fixtures';
