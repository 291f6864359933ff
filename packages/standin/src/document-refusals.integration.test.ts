import Anthropic, { type BadRequestError } from '@anthropic-ai/sdk';
import type { ContentBlockParam } from '@anthropic-ai/sdk/resources/messages';
import { encryptedTextPdf } from '@quarry/documents/testing';
import { renderSamplePdf } from '@quarry/samples';
import { PDFDocument } from 'pdf-lib';
import { afterEach, describe, expect, it } from 'vitest';
import { batchStandin, closeStandins } from './batch-test-kit';
import { documentRequest, pdfBlock, solidPng } from './document-test-kit';
import { corpus, invoiceText } from './test-corpus';

afterEach(closeStandins);

/** The 400 a request with `block` gets: its error type and message. */
async function refusalOf(block: unknown): Promise<{ type: string; message: string }> {
  const { client, standin } = await batchStandin({ simulate: { corpus } });
  const error = await client.messages.create(documentRequest(block as ContentBlockParam)).catch((e) => e);
  expect(error).toBeInstanceOf(Anthropic.BadRequestError);
  expect(standin.requests).toHaveLength(0);
  return ((error as BadRequestError).error as { error: { type: string; message: string } }).error;
}

const base64 = (bytes: Uint8Array): string => Buffer.from(bytes).toString('base64');

describe('document and image blocks the API refuses', () => {
  it('answers 400 invalid_request_error naming the field for malformed blocks', async () => {
    const cases: [unknown, string][] = [
      [{ type: 'document' }, 'messages.0.content.0.source: Field required'],
      [
        { type: 'document', source: { type: 'bogus' } },
        "source.type: Input should be 'base64', 'text', 'content', 'url', 'file'",
      ],
      [
        { type: 'image', source: { type: 'text', media_type: 'text/plain', data: 'x' } },
        "source.type: Input should be 'base64', 'url', 'file'",
      ],
      [
        { type: 'document', source: { type: 'base64', media_type: 'image/png', data: 'AAAA' } },
        "source.base64.media_type: Input should be 'application/pdf'",
      ],
      [
        { type: 'image', source: { type: 'base64', media_type: 'image/tiff', data: 'AAAA' } },
        'source.base64.media_type',
      ],
      [
        { type: 'document', source: { type: 'base64', media_type: 'application/pdf', data: 'not base64!' } },
        'source.base64.data: Input should be valid base64',
      ],
      [
        { type: 'document', source: { type: 'url', url: 'ftp://example.com/x.pdf' } },
        'source.url.url: Input should be a valid http or https URL',
      ],
      [{ type: 'document', source: { type: 'file' } }, 'source.file.file_id: Field required'],
      [
        { type: 'document', source: { type: 'text', media_type: 'text/html', data: 'x' } },
        "source.text.media_type: Input should be 'text/plain'",
      ],
    ];
    for (const [block, message] of cases) {
      const refusal = await refusalOf(block);
      expect(refusal.type).toBe('invalid_request_error');
      expect(refusal.message, JSON.stringify(block)).toContain(message);
    }
  });

  it('row 149: answers 400 for an encrypted PDF, one that opens without a password (permissions only) too', async () => {
    for (const userPassword of ['', 'user-password']) {
      const bytes = await encryptedTextPdf({ lines: ['Invoice INV-7'], cipher: 'AES-128', userPassword });
      expect((await refusalOf(pdfBlock(Buffer.from(bytes)))).message).toBe(
        'messages.0.content.0.source: The PDF specified is password-protected.',
      );
    }
  });

  it('answers 400 for bytes that are not what the block says, a truncated PDF and an unknown file id', async () => {
    const pdf = await renderSamplePdf({ text: invoiceText, layout: 'letter-plain' });
    expect((await refusalOf(pdfBlock(Buffer.from('just some text, not a PDF')))).message).toBe(
      'messages.0.content.0.source: The PDF specified was not valid.',
    );
    expect((await refusalOf(pdfBlock(pdf.bytes.slice(0, 200)))).message).toContain(
      'The PDF specified was not valid.',
    );
    const jpegAsPng = {
      type: 'image',
      source: {
        type: 'base64',
        media_type: 'image/png',
        data: base64(Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10])),
      },
    };
    expect((await refusalOf(jpegAsPng)).message).toContain(
      'Image does not match the provided media type image/png',
    );
    expect(
      (
        await refusalOf({
          type: 'image',
          source: { type: 'base64', media_type: 'image/png', data: base64(pdf.bytes) },
        })
      ).message,
    ).toContain('not a JPEG, PNG, GIF or WebP image');
  });

  it('answers 400 for a PDF over 100 pages and an image over 8000 pixels a side', async () => {
    const long = await PDFDocument.create();
    for (let page = 0; page < 101; page++) long.addPage([200, 200]);
    expect((await refusalOf(pdfBlock(await long.save()))).message).toContain(
      'A maximum of 100 PDF pages may be provided, not 101.',
    );
    const wide = {
      type: 'image',
      source: { type: 'base64', media_type: 'image/png', data: base64(solidPng(8001, 2)) },
    };
    expect((await refusalOf(wide)).message).toBe(
      'messages.0.content.0: image dimensions exceed max allowed size: 8000 pixels',
    );
  });
});
