import { createInflate, type Inflate, constants as zlib } from 'node:zlib';

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
 * Each stream's data, found as PDF readers find it: after the `stream` keyword, anything up to the
 * end of the line is skipped (pdf.js skips to the next line, so `stream` followed by spaces or junk
 * still starts a stream there), then CR LF, CR or LF. The data runs to the end of the file:
 * inflating stops where the deflate data ends, so neither the stream's length nor an `endstream`
 * (which a stored block could fake) need be trusted.
 */
function* streamBodies(bytes: Buffer): Generator<Buffer> {
  let from = 0;
  for (;;) {
    const at = bytes.indexOf(STREAM, from);
    if (at < 0) return;
    from = at + STREAM.length;
    let start = from;
    while (start < bytes.length && bytes[start] !== 0x0d && bytes[start] !== 0x0a) start += 1;
    if (bytes[start] === 0x0d) {
      start += 1;
      if (bytes[start] === 0x0a) start += 1;
    } else if (bytes[start] === 0x0a) start += 1;
    const body = bytes.subarray(start);
    if (isZlibHeader(body[0], body[1])) yield body;
  }
}

/** Deflate data inside deflate data is decoded too, this many layers deep. */
const MAX_LAYERS = 3;

interface Budget {
  used: number;
  readonly cap: number;
  readonly signal: AbortSignal | undefined;
}

/**
 * An inflater whose output is counted against the budget and discarded, except that output which
 * is itself deflate data (a bomb in a bomb) is piped into a nested counting inflater. `done`
 * settles when every layer has ended, failed, or passed the budget.
 */
function countingInflate(budget: Budget, layer: number): { input: Inflate; done: Promise<void> } {
  const input = createInflate({ finishFlush: zlib.Z_SYNC_FLUSH, chunkSize: 64 * 1024 });
  let nested: { input: Inflate; done: Promise<void> } | null = null;
  let first = true;
  const done = new Promise<void>((resolve) => {
    const finish = (): void => {
      if (nested) {
        nested.input.end();
        void nested.done.then(resolve);
      } else resolve();
    };
    input.on('data', (chunk: Buffer) => {
      budget.used += chunk.length;
      if (budget.used > budget.cap || budget.signal?.aborted) {
        input.destroy();
        nested?.input.destroy();
        resolve();
        return;
      }
      if (!first) return;
      first = false;
      if (layer < MAX_LAYERS && isZlibHeader(chunk[0], chunk[1])) {
        nested = countingInflate(budget, layer + 1);
        nested.input.write(chunk);
        input.pipe(nested.input);
      }
    });
    // A damaged stream counts for what it decoded before the damage: readers do the same.
    input.on('error', finish);
    input.on('end', finish);
  });
  return { input, done };
}

/**
 * Decodes every deflate stream of a PDF (the `FlateDecode` filter, by far the most common, and
 * deflate nested in deflate; streams behind other filters are covered by the deadline only)
 * without keeping the output, and stops as soon as the total passes `maxDecodedBytes` or `signal`
 * aborts (then it rejects with the signal's reason). A few kilobytes of deflate can decode to gigabytes, so this runs
 * before any PDF reader sees the bytes.
 */
export async function measureDeflateStreams(options: {
  bytes: Uint8Array;
  maxDecodedBytes: number;
  signal?: AbortSignal | undefined;
}): Promise<DeflateMeasure> {
  const { bytes, signal } = options;
  const budget: Budget = { used: 0, cap: options.maxDecodedBytes, signal };
  for (const body of streamBodies(Buffer.from(bytes.buffer, bytes.byteOffset, bytes.length))) {
    const { input, done } = countingInflate(budget, 1);
    input.end(body);
    await done;
    signal?.throwIfAborted();
    if (budget.used > budget.cap) return { withinBudget: false };
  }
  return { withinBudget: true, decodedBytes: budget.used };
}
