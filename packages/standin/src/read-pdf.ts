import { pdfjs } from '@quarry/documents';

/** What the stand-in's model sees of a PDF: its page count and each page's text layer. */
export type PdfReading =
  | { readonly ok: true; readonly pages: number; readonly pageTexts: readonly string[] | null }
  | { readonly ok: false; readonly problem: 'invalid' | 'encrypted' };

/**
 * Reads a PDF with pdf.js: the page count, and (for at most `maxPages` pages) the text of each
 * page, items joined as pdf.js lays them out (a line break where an item ends a line). `pageTexts`
 * is null past `maxPages` (the request is refused then, nothing more is read). A file pdf.js
 * cannot open is `invalid`; one that needs a password, or is encrypted at all, `encrypted`.
 */
export async function readPdf(
  bytes: Uint8Array,
  options: { readonly maxPages: number },
): Promise<PdfReading> {
  const reader = await pdfjs();
  const task = reader.getDocument({
    data: new Uint8Array(bytes),
    isEvalSupported: false,
    disableFontFace: true,
    useSystemFonts: false,
    stopAtErrors: true,
    verbosity: reader.VerbosityLevel.ERRORS,
  });
  try {
    const pdf = await task.promise;
    // The API takes standard PDFs without passwords or encryption: one encrypted for permissions
    // only (it opens without a password) is refused as one that needs a password.
    const { info } = await pdf.getMetadata();
    if ((info as { EncryptFilterName?: string | null }).EncryptFilterName)
      return { ok: false, problem: 'encrypted' };
    if (pdf.numPages > options.maxPages) return { ok: true, pages: pdf.numPages, pageTexts: null };
    const pageTexts: string[] = [];
    for (let number = 1; number <= pdf.numPages; number++) {
      const page = await pdf.getPage(number);
      const content = await page.getTextContent();
      let text = '';
      for (const item of content.items) {
        if (!('str' in item)) continue;
        text += item.str;
        if (item.hasEOL) text += '\n';
      }
      pageTexts.push(text);
      page.cleanup();
    }
    return { ok: true, pages: pdf.numPages, pageTexts };
  } catch (error) {
    return { ok: false, problem: (error as Error).name === 'PasswordException' ? 'encrypted' : 'invalid' };
  } finally {
    await task.destroy();
  }
}
