import { deflateSync } from 'node:zlib';
import { PDFDocument, PDFName, PDFNumber, PDFString, StandardFonts } from 'pdf-lib';

/** A PDF with one page per entry, each showing its lines of text (an empty list: a page with no text layer). */
export async function textPdf(pages: readonly (readonly string[])[]): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([400, 400]);
    lines.forEach((line, index) => {
      page.drawText(line, { x: 40, y: 350 - index * 20, size: 12, font });
    });
  }
  return doc.save();
}

/** A PDF of `count` empty pages. */
export async function manyPagesPdf(count: number): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  for (let index = 0; index < count; index += 1) doc.addPage([100, 100]);
  return doc.save();
}

/**
 * A one-page PDF whose content stream is `decodedBytes` of spaces deflated to a few kilobytes, once
 * or, with `layers: 2`, twice (the stream's filter then names `FlateDecode` twice).
 */
export async function deflateBombPdf(decodedBytes: number, layers: 1 | 2 = 1): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  const page = doc.addPage([100, 100]);
  let data = deflateSync(Buffer.alloc(decodedBytes, 0x20), { level: 9 });
  if (layers === 2) data = deflateSync(data, { level: 9 });
  const bomb = doc.context.stream(data, {
    Filter: layers === 2 ? ['FlateDecode', 'FlateDecode'] : 'FlateDecode',
  });
  page.node.set(PDFName.of('Contents'), doc.context.register(bomb));
  return doc.save({ useObjectStreams: false });
}

/** A PDF with a standard security handler in its trailer, as a password-protected PDF has. */
export async function encryptedPdf(): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]);
  const key = (byte: number): PDFString => PDFString.of(String.fromCharCode(...new Array(32).fill(byte)));
  const encrypt = doc.context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    O: key(0x41),
    U: key(0x42),
    P: PDFNumber.of(-4),
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  doc.context.trailerInfo.ID = doc.context.obj([
    PDFString.of('0123456789abcdef'),
    PDFString.of('0123456789abcdef'),
  ]);
  return doc.save({ useObjectStreams: false });
}
