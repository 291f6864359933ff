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
 * The custom_id of an attempt: `j<job id>-g<job timestamp>-a<attempt>` when that fits the API's
 * rules, else `h` and 40 hex digits of the ref's SHA-256. Either way the batch's members map it
 * back to the ref, so only uniqueness matters.
 */
export function customIdOf(ref: string): string {
  const parts = parseBatchRef(ref);
  if (parts) {
    const readable = `j${parts.jobId}-g${parts.timestamp}-a${parts.attempt}`;
    if (CUSTOM_ID.test(readable)) return readable;
  }
  return `h${createHash('sha256').update(ref).digest('hex').slice(0, 40)}`;
}
