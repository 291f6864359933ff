import { describe, expect, it } from 'vitest';
import { extractPdfText } from '../extract-pdf-text';
import { encryptedPdf, encryptedTextPdf } from '../test-fixtures/pdf-fixtures';
import { decryptPdf } from './decrypt-pdf';
import { pdfjs } from './pdfjs';

/** The encryption filter pdf.js reports for the PDF (null: not encrypted). */
async function encryptionOf(bytes: Uint8Array): Promise<string | null> {
  const task = (await pdfjs()).getDocument({ data: new Uint8Array(bytes), verbosity: 0 });
  try {
    const { info } = await (await task.promise).getMetadata();
    return (info as { EncryptFilterName?: string | null }).EncryptFilterName ?? null;
  } finally {
    await task.destroy();
  }
}

describe('decryptPdf', () => {
  it.each([['RC4-128'], ['AES-128'], ['AES-256']] as const)(
    'row 149: rewrites a permission-only %s PDF without encryption, with the same text',
    async (cipher) => {
      const lines = ['Invoice INV-7', 'Total 1,234.00'];
      const bytes = await encryptedTextPdf({ lines, cipher });
      expect(await encryptionOf(bytes)).toBe('Standard');
      // The text is encrypted in the file: not readable from the raw bytes.
      expect(Buffer.from(bytes).includes('INV-7')).toBe(false);
      const decrypted = await decryptPdf({ bytes });
      if (!(decrypted instanceof Uint8Array)) throw new Error(decrypted.detail);
      expect(await encryptionOf(decrypted)).toBeNull();
      // No trace of the encryption is left for a reader that scans the file.
      expect(Buffer.from(decrypted).includes('/Encrypt')).toBe(false);
      const before = await extractPdfText({ bytes });
      const after = await extractPdfText({ bytes: decrypted });
      expect(after).toEqual(before);
      expect(after).toMatchObject({
        type: 'ok',
        pages: [{ text: expect.stringContaining('Total 1,234.00') }],
      });
    },
  );

  it('row 149: decrypts the 40-bit RC4 (revision 2) form older writers make', async () => {
    const decrypted = await decryptPdf({ bytes: await encryptedPdf('empty') });
    if (!(decrypted instanceof Uint8Array)) throw new Error(decrypted.detail);
    expect(await encryptionOf(decrypted)).toBeNull();
  });

  it('row 149: refuses a PDF that needs a password', async () => {
    const bytes = await encryptedTextPdf({ lines: ['x'], cipher: 'AES-256', userPassword: 'secret' });
    expect(await decryptPdf({ bytes })).toMatchObject({
      type: 'refused',
      reason: 'bad_document',
      detail: expect.stringContaining('could not be decrypted'),
    });
  });
});
