import { createHash } from 'node:crypto';

/** The ref of one batch-lane attempt: `<job id>@<job timestamp>#<attempt>` (the attempt store's job key). */
export function batchRef(options: { readonly jobKey: string; readonly attempt: number }): string {
  return `${options.jobKey}#${options.attempt}`;
}

/** The parts of a ref, or null when it is not one. */
export function parseBatchRef(
  ref: string,
): { readonly jobId: string; readonly timestamp: number; readonly attempt: number } | null {
  const match = /^(.+)@(\d+)#(\d+)$/.exec(ref);
  if (!match) return null;
  return { jobId: match[1] as string, timestamp: Number(match[2]), attempt: Number(match[3]) };
}

/** What the API allows in a custom_id: 1 to 64 of letters, digits, `_` and `-`. */
const CUSTOM_ID = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The intent marker of a custom_id: 6 hex digits of the intent id (short enough that a UUID job id
 * keeps the readable form within the API's 64 characters).
 */
export function intentMarkerOf(intentId: string): string {
  return intentId
    .replace(/[^0-9a-fA-F]/g, '')
    .slice(0, 6)
    .toLowerCase()
    .padEnd(6, '0');
}

/**
 * The custom_id of an attempt submitted under intent `intentId`: `j<job id>-g<job timestamp>-a<attempt>-i<marker>`
 * when that fits the API's rules, else `h`, 40 hex digits of the ref's SHA-256 and `-i<marker>`.
 * The marker ({@link intentMarkerOf}) makes the custom_ids of each submission its own, so a batch
 * whose results carry them is provably that submission's (see `reconcileIntent`). The batch's
 * members map each custom_id back to its ref, so nothing parses it.
 */
export function customIdOf(options: { readonly ref: string; readonly intentId: string }): string {
  const { ref } = options;
  const marker = `-i${intentMarkerOf(options.intentId)}`;
  const parts = parseBatchRef(ref);
  if (parts) {
    const readable = `j${parts.jobId}-g${parts.timestamp}-a${parts.attempt}${marker}`;
    if (CUSTOM_ID.test(readable)) return readable;
  }
  return `h${createHash('sha256').update(ref).digest('hex').slice(0, 40)}${marker}`;
}
