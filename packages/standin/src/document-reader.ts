import { createHash } from 'node:crypto';
import { documentTokenEstimate } from '@quarry/core';
import { imageSize } from 'image-size';
import { type BlockReading, rememberReading } from './block-readings';
import { fetchSource } from './fetch-source';
import type { FileStore } from './file-store';
import type { MessagesRequestBody, RequestBlock } from './messages-wire';
import { type PdfReading, readPdf } from './read-pdf';
import { sniffMediaType } from './sniff-media-type';

/** The API's limits on documents and images in one request (checked 2026-11-24, see the README). */
export const documentLimits = {
  pdfPages: 100,
  images: 100,
  imageSide: 8000,
  /** The smaller side limit once a request holds more than `manyImages` images. */
  manyImagesSide: 2000,
  manyImages: 20,
  imageBase64Characters: 5 * 1024 * 1024,
} as const;

const sha256 = (bytes: Uint8Array | string): string => createHash('sha256').update(bytes).digest('hex');
const pdfCacheEntries = 256;

/**
 * Why a request's documents cannot be read: a 400 `invalid_request_error`, or a 404
 * `not_found_error` for a `file_id` the Files API does not know (unknown, deleted, expired or
 * another workspace's): the Files API guide's error handling names "File not found (404)" for a
 * `file_id` that does not exist or cannot be accessed (docs.claude.com, build-with-claude/files;
 * the API's errors page maps 404 to `not_found_error`; both consulted 2026-11-24).
 */
export interface DocumentProblem {
  readonly status: 400 | 404;
  readonly message: string;
}

type Resolved = { readonly reading: BlockReading } | { readonly problem: DocumentProblem };

/**
 * Resolves every `document` and `image` block of a request's messages the way the API reads
 * them: decodes base64, downloads `url` sources, looks `file` sources up in the Files API store,
 * checks the bytes against the declared kind, reads PDFs (page count, text layer) and image sizes,
 * and attaches a {@link BlockReading} to each block. PDFs are read once per content (a small
 * cache), so attempts that resend a document cost no second parse.
 */
export class DocumentReader {
  readonly #files: FileStore;
  readonly #signal: AbortSignal;
  readonly #pdfs = new Map<string, Promise<PdfReading>>();
  readonly #pageImageText: ReadonlyMap<string, string>;

  constructor(options: {
    readonly files: FileStore;
    readonly signal: AbortSignal;
    /** What page images of PDFs without a text layer show, by sha-256 (`StandinOptions.pageImageText`). */
    readonly pageImageText?: ReadonlyMap<string, string>;
  }) {
    this.#files = options.files;
    this.#signal = options.signal;
    this.#pageImageText = options.pageImageText ?? new Map();
  }

  /** Null when every block reads, else the first problem (`messages.0.content.1.source…`). */
  async read(body: MessagesRequestBody): Promise<DocumentProblem | null> {
    const images: { at: string; width: number; height: number }[] = [];
    for (const [m, message] of body.messages.entries()) {
      if (typeof message.content === 'string') continue;
      for (const [b, block] of message.content.entries()) {
        if (block.type !== 'document' && block.type !== 'image') continue;
        const at = `messages.${m}.content.${b}`;
        const resolved = await this.#resolve(block, at, images);
        if ('problem' in resolved) return resolved.problem;
        rememberReading(block, resolved.reading);
      }
    }
    if (images.length > documentLimits.images)
      return invalid(
        `Too many images: a request may hold at most ${documentLimits.images}, not ${images.length}`,
      );
    const side =
      images.length > documentLimits.manyImages ? documentLimits.manyImagesSide : documentLimits.imageSide;
    const large = images.find((image) => Math.max(image.width, image.height) > side);
    return large ? invalid(`${large.at}: image dimensions exceed max allowed size: ${side} pixels`) : null;
  }

  async #resolve(
    block: RequestBlock,
    at: string,
    images: { at: string; width: number; height: number }[],
  ): Promise<Resolved> {
    const source = block.source as Record<string, string | unknown>;
    const fail = (problem: string, status: 400 | 404 = 400): Resolved => ({
      problem: { status, message: `${at}.source: ${problem}` },
    });
    if (source.type === 'text') return { reading: textReading(String(source.data)) };
    if (source.type === 'content') return { reading: textReading(contentText(source.content)) };
    let bytes: Buffer;
    let declared: string | null = null;
    if (source.type === 'base64') {
      if (block.type === 'image' && String(source.data).length > documentLimits.imageBase64Characters)
        return fail(`image exceeds 5 MB maximum: ${String(source.data).length} bytes > 5242880 bytes`);
      bytes = Buffer.from(String(source.data), 'base64');
      declared = String(source.media_type);
    } else if (source.type === 'url') {
      const fetched = await fetchSource(String(source.url), this.#signal);
      if (typeof fetched === 'string') return fail(fetched);
      bytes = fetched;
    } else {
      const file = this.#files.get(String(source.file_id));
      if (!file) return fail(`File not found: ${String(source.file_id)}`, 404);
      if (block.type === 'document' && file.metadata.mime_type.startsWith('text/plain'))
        return { reading: textReading(file.bytes.toString('utf8')) };
      bytes = file.bytes;
    }
    const sniffed = sniffMediaType(bytes);
    if (block.type === 'image') {
      if (sniffed === null || sniffed === 'application/pdf')
        return fail('The image is not a JPEG, PNG, GIF or WebP image');
      if (declared !== null && sniffed !== declared)
        return fail(`Image does not match the provided media type ${declared}`);
      const size = imageSizeOf(bytes);
      if (size === null) return fail('The image could not be decoded');
      images.push({ at, ...size });
      return {
        reading: {
          kind: 'image',
          text: null,
          pages: 1,
          tokens: documentTokenEstimate({ kind: 'image', size }),
          fingerprint: sha256(bytes),
        },
      };
    }
    if (sniffed !== 'application/pdf') return fail('The PDF specified was not valid.');
    return this.#pdfReading(bytes, fail);
  }

  async #pdfReading(bytes: Buffer, fail: (problem: string) => Resolved): Promise<Resolved> {
    const fingerprint = sha256(bytes);
    let pending = this.#pdfs.get(fingerprint);
    if (!pending) {
      pending = readPdf(bytes, { maxPages: documentLimits.pdfPages });
      this.#pdfs.set(fingerprint, pending);
      if (this.#pdfs.size > pdfCacheEntries) this.#pdfs.delete(this.#pdfs.keys().next().value as string);
    }
    const pdf = await pending;
    if (!pdf.ok)
      return fail(
        pdf.problem === 'encrypted'
          ? 'The PDF specified is password-protected.'
          : 'The PDF specified was not valid.',
      );
    if (pdf.pageTexts === null)
      return fail(`A maximum of ${documentLimits.pdfPages} PDF pages may be provided, not ${pdf.pages}.`);
    const layer = pdf.pageTexts.join('\n');
    const text = layer.trim() === '' ? (this.#pageImageText.get(fingerprint) ?? null) : layer;
    return {
      reading: {
        kind: 'pdf',
        text,
        pages: pdf.pages,
        tokens: documentTokenEstimate({
          kind: 'pdf',
          pages: pdf.pages,
          pageTextChars: pdf.pageTexts.map((page) => page.length),
        }),
        fingerprint,
      },
    };
  }
}

const invalid = (message: string): DocumentProblem => ({ status: 400, message });

const textReading = (text: string): BlockReading => ({
  kind: 'text',
  text,
  pages: 1,
  tokens: Math.ceil(text.length / 4),
  fingerprint: sha256(text),
});

function contentText(content: unknown): string {
  if (typeof content === 'string') return content;
  return (content as { type: string; text?: string }[])
    .flatMap((part) => (part.type === 'text' && part.text !== undefined ? [part.text] : []))
    .join('\n');
}

function imageSizeOf(bytes: Uint8Array): { width: number; height: number } | null {
  try {
    const { width, height } = imageSize(bytes);
    return width > 0 && height > 0 ? { width, height } : null;
  } catch {
    return null;
  }
}
