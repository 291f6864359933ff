import { crc32, deflateSync } from 'node:zlib';
import type {
  ContentBlockParam,
  MessageCreateParamsNonStreaming,
} from '@anthropic-ai/sdk/resources/messages';
import { invoiceSchema } from './test-corpus';

/** Test fixture: a PNG of one grey colour, `width` × `height` pixels, built with zlib. */
export function solidPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer): Buffer => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, sum]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8); // bit depth
  header.writeUInt8(0, 9); // greyscale
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0xc0)]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A structured-outputs invoice request whose first user message is `block`, then an instruction. */
export const documentRequest = (block: ContentBlockParam): MessageCreateParamsNonStreaming => ({
  model: 'claude-test',
  max_tokens: 4096,
  system: 'Extract the invoice.',
  messages: [
    { role: 'user', content: [block, { type: 'text', text: 'Extract the invoice in this document.' }] },
  ],
  output_config: { format: { type: 'json_schema', schema: invoiceSchema } },
});

/** A base64 PDF `document` block. */
export const pdfBlock = (bytes: Uint8Array): ContentBlockParam => ({
  type: 'document',
  source: { type: 'base64', media_type: 'application/pdf', data: Buffer.from(bytes).toString('base64') },
});
