import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFPage, rgb, StandardFonts } from 'pdf-lib';
import { type PdfLayout, type PdfLayoutName, pdfLayouts } from './pdf-layouts';
import { outlineFont } from './sample-font';

/** A PDF rendering of a sample text. */
export interface SamplePdf {
  readonly layout: PdfLayoutName;
  readonly bytes: Uint8Array;
  readonly pages: number;
  /** False when the text is drawn as vector outlines (nothing to extract). */
  readonly textLayer: boolean;
}

/** Advance of one character of Courier and of DejaVu Sans Mono, in ems (about 0.6 both). */
const monoAdvance = 1233 / 2048;
const fixedDate = new Date('2025-01-01T00:00:00Z');

/**
 * Draws a sample's text on PDF pages in a layout, one line of text per line (blank lines kept as
 * space), a form feed (`\f`) starting a new page (a page of text longer than the layout holds
 * continues on the next), monospaced so columns stay aligned: as text in the standard Courier font (WinAnsi
 * characters only, see {@link fontCovers}), or as DejaVu Sans Mono glyph outlines. The same text
 * and layout give the same bytes on every run (fixed dates, no random ids).
 */
export async function renderSamplePdf(options: {
  readonly text: string;
  readonly layout: PdfLayoutName;
}): Promise<SamplePdf> {
  const layout: PdfLayout = pdfLayouts[options.layout];
  const textPages = options.text
    .replace(/\n+$/, '')
    .split('\f')
    .map((page) => page.replace(/\n+$/, '').split('\n'));
  const lines = textPages.flat();
  const doc = await PDFDocument.create({ updateMetadata: false });
  doc.setCreationDate(fixedDate);
  doc.setModificationDate(fixedDate);
  doc.setProducer('Quarry samples');
  doc.registerFontkit(fontkit);
  const [width, height] = layout.page;
  const longest = Math.max(1, ...lines.map((line) => line.length));
  const size = Math.min(layout.fontSize, (width - 2 * layout.margin) / (longest * monoAdvance));
  const leading = size * 1.35;
  const top = height - layout.margin - (layout.banner ? 36 : 0) - size;
  const fit = Math.max(1, Math.floor((top - layout.margin) / leading) + 1);
  const perPage = Math.min(fit, layout.maxLinesPerPage ?? fit);
  const draw = layout.textLayer ? await textDrawer(doc, size) : outlineDrawer(size);
  for (const pageLines of textPages)
    for (let start = 0; start < pageLines.length; start += perPage) {
      const page = doc.addPage([width, height]);
      if (layout.banner) {
        page.drawRectangle({ x: 0, y: height - 30, width, height: 30, color: rgb(0.16, 0.3, 0.45) });
        page.drawLine({
          start: { x: layout.margin, y: layout.margin - 8 },
          end: { x: width - layout.margin, y: layout.margin - 8 },
          thickness: 0.5,
        });
      }
      pageLines.slice(start, start + perPage).forEach((line, index) => {
        if (line.trim() !== '') draw(page, line, layout.margin, top - index * leading);
      });
    }
  return {
    layout: options.layout,
    bytes: await doc.save(),
    pages: doc.getPageCount(),
    textLayer: layout.textLayer,
  };
}

type Drawer = (page: PDFPage, line: string, x: number, y: number) => void;

async function textDrawer(doc: PDFDocument, size: number): Promise<Drawer> {
  const font: PDFFont = await doc.embedFont(StandardFonts.Courier);
  return (page, line, x, y) => page.drawText(line, { x, y, font, size, color: rgb(0, 0, 0) });
}

/** Glyph outlines as filled vector paths: the page shows the text, and no text can be extracted. */
function outlineDrawer(size: number): Drawer {
  const font = outlineFont();
  const scale = size / font.unitsPerEm;
  return (page, line, x, y) => {
    let pen = 0;
    let path = '';
    for (const character of line) {
      const glyph = font.glyphFor(character);
      path += glyph.path.scale(1, -1).translate(pen, 0).toSVG();
      pen += glyph.advanceWidth;
    }
    if (path !== '') page.drawSvgPath(path, { x, y, scale, color: rgb(0, 0, 0), borderWidth: 0 });
  };
}
