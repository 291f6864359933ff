import type * as Pdfjs from 'pdfjs-dist/legacy/build/pdf.mjs';

/** pdf.js's worker, which runs in this thread on Node (loaded by name: it ships without types). */
const workerModule = 'pdfjs-dist/legacy/build/pdf.worker.mjs';

/**
 * Loads pdf.js (its legacy build, the one that runs on Node 20) and its worker, keeping the
 * process's own `JSON`. Both bundles carry core-js, which replaces the global `JSON.stringify` on
 * Node 20 (it lacks `JSON.rawJSON`) with one measured 9× slower on small objects and 20× on a 5 MB
 * string, for every stringify in the process: job data, logs, request bodies with a document in
 * base64. The worker is handed to pdf.js (`globalThis.pdfjsWorker`) so that it is not loaded later,
 * outside this guard.
 */
async function loadPdfjs(): Promise<typeof Pdfjs> {
  const { stringify, parse } = JSON;
  try {
    const pdfjs = await import('pdfjs-dist/legacy/build/pdf.mjs');
    (globalThis as { pdfjsWorker?: unknown }).pdfjsWorker = await import(workerModule);
    return pdfjs;
  } finally {
    JSON.stringify = stringify;
    JSON.parse = parse;
  }
}

let loading: Promise<typeof Pdfjs> | undefined;

/**
 * pdf.js, loaded on first use by {@link loadPdfjs} (a process that reads no PDF, such as a command
 * line asked for its help, never pays for it): take it from here, never from `pdfjs-dist` directly.
 */
export function pdfjs(): Promise<typeof Pdfjs> {
  loading ??= loadPdfjs();
  return loading;
}
