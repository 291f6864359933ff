import type { BatchOptions } from './batch-options';

/** The CLI flags of the Message Batches API, for `parseArgs`. */
export const batchFlags = {
  'batch-delay': { type: 'string' },
  'batch-cancel-delay': { type: 'string' },
  'batch-api-error': { type: 'string' },
  'batch-overloaded': { type: 'string' },
  'batch-invalid-request': { type: 'string' },
  'batch-expired': { type: 'string' },
  'batch-drop-create': { type: 'string' },
  'batch-max-requests': { type: 'string' },
  'batch-max-body-bytes': { type: 'string' },
  'batch-max-batches': { type: 'string' },
  'batch-max-stored-requests': { type: 'string' },
} as const;

const optionOfFlag = {
  'batch-delay': 'delayMs',
  'batch-cancel-delay': 'cancelDelayMs',
  'batch-drop-create': 'dropCreateResponse',
  'batch-max-requests': 'maxRequests',
  'batch-max-body-bytes': 'maxBodyBytes',
  'batch-max-batches': 'maxBatches',
  'batch-max-stored-requests': 'maxStoredRequests',
} as const;

const shareOfFlag = {
  'batch-api-error': 'apiError',
  'batch-overloaded': 'overloaded',
  'batch-invalid-request': 'invalidRequest',
  'batch-expired': 'expired',
} as const;

/**
 * The `batches` option from the batch flags over the config file's `batches` (`base`); undefined
 * when neither says anything. `number` reads a flag's number (and notes a flag that is not one);
 * ranges are checked by `startStandin`.
 */
export function batchOptionsFromFlags(
  base: unknown,
  number: (flag: keyof typeof batchFlags) => number | undefined,
): BatchOptions | undefined {
  const options: Record<string, unknown> = { ...(base as Record<string, unknown> | undefined) };
  const shares: Record<string, unknown> = { ...(options.shares as Record<string, unknown> | undefined) };
  for (const [flag, key] of Object.entries(optionOfFlag)) {
    const value = number(flag as keyof typeof batchFlags);
    if (value !== undefined) options[key] = value;
  }
  for (const [flag, key] of Object.entries(shareOfFlag)) {
    const value = number(flag as keyof typeof batchFlags);
    if (value !== undefined) shares[key] = value;
  }
  if (Object.keys(shares).length > 0) options.shares = shares;
  return Object.keys(options).length > 0 ? (options as BatchOptions) : undefined;
}
