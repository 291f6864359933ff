import { createHash } from 'node:crypto';
import { deflateSync } from 'node:zlib';
import { StandardFonts as EncryptingFonts, PDFDocument as EncryptingPdfDocument } from '@cantoo/pdf-lib';
import { PDFDocument, PDFHexString, PDFName, PDFNumber, StandardFonts } from 'pdf-lib';

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

/** The padding string of the PDF standard security handler (ISO 32000-1, 7.6.3.3). */
const PAD = Buffer.from('28bf4e5e4e758a4164004e56fffa01082e2e00b6d0683e802f0ca9fe6453697a', 'hex');

function rc4(key: Buffer, data: Buffer): Buffer {
  const s = Array.from({ length: 256 }, (_, index) => index);
  let j = 0;
  for (let i = 0; i < 256; i += 1) {
    j = (j + (s[i] as number) + (key[i % key.length] as number)) & 0xff;
    [s[i], s[j]] = [s[j] as number, s[i] as number];
  }
  const out = Buffer.alloc(data.length);
  for (let n = 0, i = 0, k = 0; n < data.length; n += 1) {
    i = (i + 1) & 0xff;
    k = (k + (s[i] as number)) & 0xff;
    [s[i], s[k]] = [s[k] as number, s[i] as number];
    out[n] = (data[n] as number) ^ (s[((s[i] as number) + (s[k] as number)) & 0xff] as number);
  }
  return out;
}

/**
 * A PDF with a standard security handler (revision 2, 40-bit RC4) in its trailer. `password: 'set'`:
 * opening it needs a password. `password: 'empty'`: the user password is empty, so a reader opens it
 * without asking (the `/U` entry is computed for the empty password), yet it is still encrypted.
 */
export async function encryptedPdf(password: 'set' | 'empty'): Promise<Uint8Array> {
  const doc = await PDFDocument.create();
  doc.addPage([100, 100]);
  const owner = Buffer.alloc(32, 0x41);
  const id = Buffer.from('0123456789abcdef');
  const permissions = Buffer.alloc(4);
  permissions.writeInt32LE(-4);
  const key = createHash('md5')
    .update(Buffer.concat([PAD, owner, permissions, id]))
    .digest()
    .subarray(0, 5);
  const user = password === 'empty' ? rc4(key, PAD) : Buffer.alloc(32, 0x42);
  const hex = (bytes: Buffer): PDFHexString => PDFHexString.of(bytes.toString('hex'));
  const encrypt = doc.context.obj({
    Filter: 'Standard',
    V: 1,
    R: 2,
    O: hex(owner),
    U: hex(user),
    P: PDFNumber.of(-4),
  });
  doc.context.trailerInfo.Encrypt = doc.context.register(encrypt);
  doc.context.trailerInfo.ID = doc.context.obj([hex(id), hex(id)]);
  return doc.save({ useObjectStreams: false });
}

/** The ciphers a PDF writer encrypts with: RC4 (revision 3), AES-128 (revision 4), AES-256 (revision 6). */
export type PdfCipher = 'RC4-128' | 'AES-128' | 'AES-256';

/**
 * A one-page PDF showing `lines`, encrypted with `cipher` as PDF writers do: `userPassword: ''`
 * (the default) only restricts permissions (an owner password is set; any reader opens it without
 * asking), any other user password is needed to open it.
 */
export async function encryptedTextPdf(options: {
  readonly lines: readonly string[];
  readonly cipher: PdfCipher;
  readonly userPassword?: string;
}): Promise<Uint8Array> {
  const doc = await EncryptingPdfDocument.create();
  const font = await doc.embedFont(EncryptingFonts.Helvetica);
  const page = doc.addPage([400, 400]);
  options.lines.forEach((line, index) => {
    page.drawText(line, { x: 40, y: 350 - index * 20, size: 12, font });
  });
  doc.encrypt({
    userPassword: options.userPassword ?? '',
    ownerPassword: 'owner-password',
    permissions: { printing: 'highResolution', modifying: false, copying: false },
    algorithm: options.cipher,
    allowWeakCryptography: options.cipher === 'RC4-128',
  });
  return doc.save();
}

/**
 * A one-page PDF written by hand (with a correct cross-reference table) whose content stream is
 * `decodedBytes` of spaces deflated, and whose `stream` keyword is followed by spaces before the end
 * of its line: PDF readers skip them, so the stream still starts after that line.
 */
export function handwrittenBombPdf(decodedBytes: number): Uint8Array {
  const data = deflateSync(Buffer.alloc(decodedBytes, 0x20), { level: 9 });
  const objects: Buffer[] = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from('<< /Type /Page /Parent 2 0 R /MediaBox [0 0 100 100] /Contents 4 0 R >>'),
    Buffer.concat([
      Buffer.from(`<< /Length ${data.length} /Filter /FlateDecode >>\nstream   \n`),
      data,
      Buffer.from('\nendstream'),
    ]),
  ];
  const parts: Buffer[] = [Buffer.from('%PDF-1.7\n')];
  const offsets: number[] = [];
  let length = parts[0]?.length ?? 0;
  objects.forEach((body, index) => {
    offsets.push(length);
    const object = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), body, Buffer.from('\nendobj\n')]);
    parts.push(object);
    length += object.length;
  });
  const xref = ['xref', `0 ${objects.length + 1}`, '0000000000 65535 f ']
    .concat(offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n `))
    .join('\n');
  const trailer = `\ntrailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${length}\n%%EOF\n`;
  parts.push(Buffer.from(`${xref}${trailer}`));
  return Buffer.concat(parts);
}

/**
 * A readable one-page PDF (text layer "Invoice") of exactly `size` bytes: the rest is an
 * uncompressed stream of spaces that no page uses (no deflate to measure, nothing to decode).
 */
export async function paddedPdf(size: number): Promise<Uint8Array> {
  const build = async (padding: number) => {
    const doc = await PDFDocument.create();
    const font = await doc.embedFont(StandardFonts.Helvetica);
    doc.addPage([400, 400]).drawText('Invoice', { x: 40, y: 350, size: 12, font });
    doc.context.register(doc.context.stream(Buffer.alloc(padding, 0x20)));
    return doc.save({ useObjectStreams: false });
  };
  const base = await build(0);
  const first = await build(Math.max(0, size - base.byteLength));
  // The stream's /Length grows by a digit or so with the padding: take off what it added.
  const padded = await build(Math.max(0, size - base.byteLength - (first.byteLength - size)));
  if (padded.byteLength !== size) throw new Error(`paddedPdf made ${padded.byteLength} bytes, not ${size}`);
  return padded;
}
