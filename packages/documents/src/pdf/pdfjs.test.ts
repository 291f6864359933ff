import { describe, expect, it } from 'vitest';
import { textPdf } from '../test-fixtures/pdf-fixtures';

describe('pdfjs', () => {
  it("keeps the process's own JSON.stringify and JSON.parse once pdf.js and its worker have run", async () => {
    const { stringify, parse } = JSON;
    // Loaded here, not above: nothing in this file's imports loads pdf.js.
    const { extractPdfText } = await import('../extract-pdf-text');
    const extracted = await extractPdfText({ bytes: await textPdf([['Invoice 7']]) });
    expect(extracted).toMatchObject({ type: 'ok', hasTextLayer: true });
    expect(JSON.stringify).toBe(stringify);
    expect(JSON.parse).toBe(parse);
  });
});
