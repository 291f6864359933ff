import { createInflate, constants as zlib } from 'node:zlib';

/** Whether the PDF's deflate streams stay within the budget, and how much was decoded to find out. */
export type DeflateMeasure =
  | { readonly withinBudget: true; readonly decodedBytes: number }
  | { readonly withinBudget: false };

const STREAM = Buffer.from('stream');

/** A zlib header (RFC 1950): deflate method, a valid check value, no preset dictionary. */
function isZlibHeader(cmf: number | undefined, flg: number | undefined): boolean {
  if (cmf === undefined || flg === undefined) return false;
  return (cmf & 0x0f) === 8 && ((cmf << 8) | flg) % 31 === 0 && (flg & 0x20) === 0;
}

/**
 * Each stream's data, from after the `stream` keyword and its end-of-line to the end of the file:
 * inflating stops where the deflate data ends, so the stream's length need not be trusted (nor an
 * `endstream` that a stored block could fake).
 */
function* streamBodies(bytes: Buffer): Generator<Buffer> {
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(STREAM, from);
    if (at < 0) return;
    from = at + STREAM.length;
    let start = from;
    if (bytes[start] === 0x0d) start += 1;
    if (bytes[start] === 0x0a) start += 1;
    if (start === from) continue;
    const body = bytes.subarray(start);
    if (isZlibHeader(body[0], body[1])) yield body;
  }
}

/** Inflates one stream, counting and discarding its output; stops as soon as the count passes `cap`. */
function inflatedLength(body: Buffer, cap: number): Promise<number> {
  return new Promise((resolve) => {
    const inflate = createInflate({ finishFlush: zlib.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
    let total = 0;
    inflate.on('data', (chunk: Buffer) => {
      total += chunk.length;
      if (total > cap) {
        inflate.destroy();
        resolve(total);
      }
    });
    // A damaged stream counts for what it decoded before the damage: readers do the same.
    inflate.on('error', () => resolve(total));
    inflate.on('end', () => resolve(total));
    inflate.end(body);
  });
}

/**
 * Decodes every deflate stream of a PDF (the `FlateDecode` filter, by far the most common; other
 * filters are covered by the deadline) without keeping the output, and stops as soon as the
 * total passes `maxDecodedBytes`. A few kilobytes of deflate can decode to gigabytes, so this runs
 * before any PDF reader sees the bytes.
 */
export async function measureDeflateStreams(
  bytes: Uint8Array,
  maxDecodedBytes: number,
): Promise<DeflateMeasure> {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length);
  let decodedBytes = 0;
  for (const body of streamBodies(buffer)) {
    decodedBytes += await inflatedLength(body, maxDecodedBytes - decodedBytes);
    if (decodedBytes > maxDecodedBytes) return { withinBudget: false };
  }
  return { withinBudget: true, decodedBytes };
}
