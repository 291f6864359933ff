import { describe, expect, it } from 'vitest';
import { inspectDocument } from './inspect-document';
import { gifHeader, pngHeader } from './test-fixtures/image-fixtures';
import {
  deflateBombPdf,
  encryptedPdf,
  encryptedTextPdf,
  handwrittenBombPdf,
  manyPagesPdf,
  textPdf,
} from './test-fixtures/pdf-fixtures';

describe('inspectDocument', () => {
  it('reads a PDF: type from the bytes, page count, text layer', async () => {
    const bytes = await textPdf([['Invoice INV-7 total 12.50'], []]);
    expect(await inspectDocument({ bytes })).toEqual({
      type: 'ok',
      mediaType: 'application/pdf',
      bytes: bytes.length,
      pages: 2,
      hasTextLayer: true,
    });
  });

  it('says a PDF whose pages carry no text has no text layer', async () => {
    const inspection = await inspectDocument({ bytes: await textPdf([[], []]) });
    expect(inspection).toMatchObject({ type: 'ok', pages: 2, hasTextLayer: false });
  });

  it('reads an image size from its header', async () => {
    const bytes = pngHeader(1200, 800);
    expect(await inspectDocument({ bytes, claimedMediaType: 'image/png' })).toEqual({
      type: 'ok',
      mediaType: 'image/png',
      bytes: bytes.length,
      width: 1200,
      height: 800,
    });
  });

  it('refuses a 0-byte file', async () => {
    expect(
      await inspectDocument({ bytes: new Uint8Array(0), claimedMediaType: 'application/pdf' }),
    ).toMatchObject({
      type: 'refused',
      reason: 'bad_document',
      detail: 'the document is empty (0 bytes)',
    });
  });

  it('refuses bytes that claim to be a PDF but are not', async () => {
    const bytes = new TextEncoder().encode('Invoice INV-7\nTotal 12.50\n');
    expect(await inspectDocument({ bytes, claimedMediaType: 'application/pdf' })).toEqual({
      type: 'refused',
      reason: 'bad_document',
      detail: 'the document claims to be application/pdf but its bytes are no known type',
    });
    expect(
      await inspectDocument({ bytes: pngHeader(10, 10), claimedMediaType: 'application/pdf' }),
    ).toMatchObject({
      reason: 'bad_document',
      detail: 'the document claims to be application/pdf but its bytes are image/png',
    });
  });

  it('refuses a PDF header followed by garbage', async () => {
    const bytes = new TextEncoder().encode('%PDF-1.7\nnot really a pdf at all\n%%EOF\n');
    expect(await inspectDocument({ bytes })).toMatchObject({ type: 'refused', reason: 'bad_document' });
  });

  it('refuses a truncated PDF', async () => {
    const whole = await textPdf([['Invoice INV-7'], ['Page two']]);
    const inspection = await inspectDocument({ bytes: whole.subarray(0, whole.length - 200) });
    expect(inspection).toMatchObject({
      type: 'refused',
      reason: 'bad_document',
      detail: expect.stringContaining('truncated'),
    });
  });

  it('refuses a password-protected PDF', async () => {
    expect(await inspectDocument({ bytes: await encryptedPdf('set') })).toEqual({
      type: 'refused',
      reason: 'bad_document',
      detail: 'the PDF is encrypted (password-protected); send it without encryption',
    });
  });

  it('row 149: accepts an encrypted PDF that opens without a password (permissions only), marked encrypted', async () => {
    expect(await inspectDocument({ bytes: await encryptedPdf('empty') })).toMatchObject({
      type: 'ok',
      mediaType: 'application/pdf',
      pages: 1,
      encrypted: true,
    });
    for (const cipher of ['RC4-128', 'AES-128', 'AES-256'] as const) {
      const bytes = await encryptedTextPdf({ lines: ['Invoice INV-7', 'Total 1,234.00'], cipher });
      expect(await inspectDocument({ bytes }), cipher).toEqual({
        type: 'ok',
        mediaType: 'application/pdf',
        bytes: bytes.length,
        pages: 1,
        hasTextLayer: true,
        encrypted: true,
      });
    }
  });

  it('row 149: refuses a PDF that needs a password, whatever the cipher, naming the password', async () => {
    for (const cipher of ['RC4-128', 'AES-128', 'AES-256'] as const) {
      const bytes = await encryptedTextPdf({
        lines: ['Invoice INV-7'],
        cipher,
        userPassword: 'user-password',
      });
      expect(await inspectDocument({ bytes }), cipher).toEqual({
        type: 'refused',
        reason: 'bad_document',
        detail: 'the PDF is encrypted (password-protected); send it without encryption',
      });
    }
  });

  it('row 149: does not mark a PDF without encryption', async () => {
    const inspection = await inspectDocument({ bytes: await textPdf([['Invoice INV-7']]) });
    expect(inspection).toMatchObject({ type: 'ok' });
    expect(inspection).not.toHaveProperty('encrypted');
  });

  it('refuses a PDF whose deflate streams decode past the limit, before a reader decodes them', async () => {
    const bytes = await deflateBombPdf(64 * 1024 * 1024);
    expect(bytes.length).toBeLessThan(200_000);
    const inspection = await inspectDocument({ bytes, limits: { maxDecodedBytes: 8 * 1024 * 1024 } });
    expect(inspection).toEqual({
      type: 'refused',
      reason: 'document_too_large',
      detail: "the PDF's compressed streams decode to more than 8388608 bytes",
    });
  });

  it('refuses deflate data nested in deflate data by what the inner layer decodes to', async () => {
    const bytes = await deflateBombPdf(64 * 1024 * 1024, 2);
    expect(bytes.length).toBeLessThan(10_000);
    const inspection = await inspectDocument({ bytes, limits: { maxDecodedBytes: 8 * 1024 * 1024 } });
    expect(inspection).toMatchObject({ type: 'refused', reason: 'document_too_large' });
  });

  it('finds a deflate stream whose keyword is followed by spaces, as PDF readers do', async () => {
    const limits = { maxDecodedBytes: 8 * 1024 * 1024 };
    expect(await inspectDocument({ bytes: handwrittenBombPdf(1024), limits })).toMatchObject({
      type: 'ok',
      pages: 1,
    });
    expect(await inspectDocument({ bytes: handwrittenBombPdf(64 * 1024 * 1024), limits })).toMatchObject({
      type: 'refused',
      reason: 'document_too_large',
    });
  });

  it('reads a PDF whose streams stay within the decoded-size limit', async () => {
    const bytes = await deflateBombPdf(1024 * 1024, 2);
    expect(await inspectDocument({ bytes, limits: { maxDecodedBytes: 8 * 1024 * 1024 } })).toMatchObject({
      type: 'ok',
      pages: 1,
    });
  });

  it('refuses a PDF of 10,000 pages by its page count', async () => {
    const inspection = await inspectDocument({ bytes: await manyPagesPdf(10_000) });
    expect(inspection).toEqual({
      type: 'refused',
      reason: 'document_too_large',
      detail: 'the PDF has 10000 pages; at most 100 are accepted',
    });
  }, 60_000);

  it('refuses images whose headers claim absurd dimensions', async () => {
    expect(await inspectDocument({ bytes: pngHeader(100_000, 100_000) })).toEqual({
      type: 'refused',
      reason: 'document_too_large',
      detail: 'the image is 100000 × 100000 px; at most 8000 px a side are accepted',
    });
    expect(await inspectDocument({ bytes: gifHeader(65_535, 2) })).toMatchObject({
      reason: 'document_too_large',
    });
  });

  it('refuses a damaged image header', async () => {
    const bytes = pngHeader(10, 10).subarray(0, 12);
    expect(await inspectDocument({ bytes })).toMatchObject({ type: 'refused', reason: 'bad_document' });
  });

  it('refuses documents over the byte limit for their type', async () => {
    const bytes = pngHeader(10, 10);
    expect(await inspectDocument({ bytes, limits: { maxImageBytes: 16 } })).toMatchObject({
      reason: 'document_too_large',
      detail: `the image/png document is ${bytes.length} bytes; at most 16 are accepted`,
    });
  });

  it('refuses types the model does not read', async () => {
    const bmp = Buffer.concat([Buffer.from('BM'), Buffer.alloc(52)]);
    bmp.writeInt32LE(10, 18);
    bmp.writeInt32LE(10, 22);
    expect(await inspectDocument({ bytes: bmp })).toMatchObject({ reason: 'unsupported_type' });
    expect(await inspectDocument({ bytes: pngHeader(1, 1), claimedMediaType: 'text/plain' })).toMatchObject({
      reason: 'unsupported_type',
    });
    expect(await inspectDocument({ bytes: new TextEncoder().encode('plain text') })).toMatchObject({
      reason: 'unsupported_type',
    });
  });

  it('accepts a claimed type with parameters and aliases', async () => {
    const inspection = await inspectDocument({
      bytes: pngHeader(5, 5),
      claimedMediaType: 'Image/PNG; charset=binary',
    });
    expect(inspection).toMatchObject({ type: 'ok', mediaType: 'image/png' });
  });
});
