import type { PDFDocumentProxy } from 'pdfjs-dist/legacy/build/pdf.mjs';

/** The text layer of one page (1-based), in reading order as the PDF stores it, one line per line break. */
export async function pageText(pdf: PDFDocumentProxy, page: number): Promise<string> {
  const content = await (await pdf.getPage(page)).getTextContent();
  let text = '';
  for (const item of content.items) {
    if (!('str' in item)) continue;
    text += item.str;
    if (item.hasEOL) text += '\n';
  }
  return text;
}
