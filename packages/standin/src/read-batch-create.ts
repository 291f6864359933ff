import { batchLimits } from './batch-wire';

/** One entry of a create request: its `custom_id` and its Messages `params`, not checked yet. */
export interface BatchEntryRequest {
  readonly customId: string;
  readonly params: Readonly<Record<string, unknown>>;
}

export type BatchCreateReading =
  | { readonly ok: true; readonly requests: readonly BatchEntryRequest[] }
  | { readonly ok: false; readonly message: string };

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const quoted = (text: string): string => JSON.stringify(text.length > 80 ? `${text.slice(0, 80)}…` : text);

/**
 * Reads a `POST /v1/messages/batches` body the way the API checks it before accepting a batch,
 * naming the first problem for a 400 `invalid_request_error`: JSON, `requests` (1 to `maxRequests`
 * items, no other top-level field), each item's `custom_id` (1 to 64 of `a-z A-Z 0-9 _ -`, unique in
 * the batch) and `params` (an object; what is inside is checked when the entry is processed, and a
 * problem there makes that entry `errored`).
 */
export function readBatchCreate(raw: Buffer, options: { readonly maxRequests: number }): BatchCreateReading {
  const fail = (message: string): BatchCreateReading => ({ ok: false, message });
  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch (error) {
    return fail(`The request body is not valid JSON: ${(error as Error).message}`);
  }
  if (!isRecord(body)) return fail('The request body must be a JSON object');
  const extra = Object.keys(body).find((key) => key !== 'requests');
  if (extra !== undefined) return fail(`${quoted(extra)}: Extra inputs are not permitted`);
  const { requests } = body;
  if (requests === undefined) return fail('requests: Field required');
  if (!Array.isArray(requests)) return fail('requests: Input should be a valid list');
  if (requests.length === 0)
    return fail('requests: List should have at least 1 item after validation, not 0');
  if (requests.length > options.maxRequests)
    return fail(
      `requests: List should have at most ${options.maxRequests} items after validation, not ${requests.length}`,
    );
  const seen = new Map<string, number>();
  const entries: BatchEntryRequest[] = [];
  for (const [index, item] of requests.entries()) {
    const at = `requests.${index}`;
    if (!isRecord(item)) return fail(`${at}: Input should be a valid dictionary`);
    const unknown = Object.keys(item).find((key) => key !== 'custom_id' && key !== 'params');
    if (unknown !== undefined) return fail(`${at}.${quoted(unknown)}: Extra inputs are not permitted`);
    const problem = customIdProblem(item.custom_id);
    if (problem) return fail(`${at}.custom_id: ${problem}`);
    const customId = item.custom_id as string;
    const first = seen.get(customId);
    if (first !== undefined)
      return fail(
        `${at}.custom_id: ${quoted(customId)} is also the custom_id of requests.${first}; each custom_id must be unique within the batch`,
      );
    seen.set(customId, index);
    if (item.params === undefined) return fail(`${at}.params: Field required`);
    if (!isRecord(item.params)) return fail(`${at}.params: Input should be a valid dictionary`);
    entries.push({ customId, params: item.params });
  }
  return { ok: true, requests: entries };
}

function customIdProblem(value: unknown): string | null {
  if (value === undefined) return 'Field required';
  if (typeof value !== 'string') return 'Input should be a valid string';
  if (value.length === 0) return 'String should have at least 1 character';
  if (value.length > batchLimits.customIdMaxLength)
    return `String should have at most ${batchLimits.customIdMaxLength} characters`;
  if (!batchLimits.customIdPattern.test(value))
    return `String should match pattern '${batchLimits.customIdPattern.source}'`;
  return null;
}
