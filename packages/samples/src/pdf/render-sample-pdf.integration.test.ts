import { getDocument } from 'pdfjs-dist/legacy/build/pdf.mjs';
import { describe, expect, it } from 'vitest';
import { loadSamples } from '../load-samples';
import { pdfLayoutNames, pdfLayouts } from './pdf-layouts';
import { renderSamplePdf } from './render-sample-pdf';
import { renderSamples } from './sample-renderings';

/** Each page's text layer as pdf.js reads it. */
async function pageTexts(bytes: Uint8Array): Promise<string[]> {
  const pdf = await getDocument({ data: new Uint8Array(bytes), verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const content = await (await pdf.getPage(number)).getTextContent();
    pages.push(
      content.items.map((item) => ('str' in item ? item.str + (item.hasEOL ? '\n' : '') : '')).join(''),
    );
  }
  await pdf.destroy();
  return pages;
}

/** Lines with their runs of white space made one, blank lines dropped: what a text layer keeps. */
const flat = (text: string): string[] =>
  text
    .normalize('NFKC')
    .split('\n')
    .map((line) => line.replace(/\s+/g, ' ').trim())
    .filter((line) => line !== '');

const invoices = loadSamples('invoice');
const sample = invoices.find((candidate) => candidate.id === 'invoice-006');
if (!sample) throw new Error('invoice-006 is not shipped');

describe('PDF renderings of the samples', () => {
  it.each(pdfLayoutNames)(
    '%s: the pages it lays out, with the sample as text layer or none',
    async (layout) => {
      const pdf = await renderSamplePdf({ text: sample.text, layout });
      const texts = await pageTexts(pdf.bytes);
      expect(texts).toHaveLength(pdf.pages);
      // invoice-006 has 31 lines: the A5 layout holds 20 a page.
      expect(pdf.pages).toBe(layout === 'a5-two-page' ? 2 : 1);
      if (pdfLayouts[layout].textLayer) expect(flat(texts.join('\n'))).toEqual(flat(sample.text));
      else expect(texts.join('').trim()).toBe('');
    },
  );

  it('gives the same bytes every run', async () => {
    for (const layout of pdfLayoutNames) {
      const once = await renderSamplePdf({ text: sample.text, layout });
      const twice = await renderSamplePdf({ text: sample.text, layout });
      expect(Buffer.from(twice.bytes).equals(Buffer.from(once.bytes)), layout).toBe(true);
    }
  });

  it('renders every invoice the fonts can draw, in every layout, a few without a text layer', async () => {
    const renderings = await renderSamples(invoices);
    const japanese = invoices.filter((invoice) => /[\u3040-\u30ff\u4e00-\u9fff]/.test(invoice.text));
    expect(japanese.length).toBeGreaterThan(0);
    expect(renderings.map((rendering) => rendering.sampleId)).toEqual(
      invoices.filter((invoice) => !japanese.includes(invoice)).map((invoice) => invoice.id),
    );
    expect(new Set(renderings.map((rendering) => rendering.layout))).toEqual(new Set(pdfLayoutNames));
    const withoutText = renderings.filter((rendering) => !rendering.textLayer).length;
    expect(withoutText).toBeGreaterThanOrEqual(5);
    expect(withoutText).toBeLessThan(renderings.length / 3);
    for (const rendering of renderings.slice(0, 8)) {
      const texts = await pageTexts(rendering.bytes);
      const source = invoices.find((invoice) => invoice.id === rendering.sampleId)?.text ?? '';
      if (rendering.textLayer) expect(flat(texts.join('\n'))).toEqual(flat(source));
      else expect(texts.join('').trim()).toBe('');
    }
  });
});
