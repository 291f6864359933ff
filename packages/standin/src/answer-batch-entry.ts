import { apiErrorType } from './api-error-type';
import { type BatchShareKind, batchShareKinds, type ResolvedBatchOptions } from './batch-options';
import type { BatchResult } from './batch-wire';
import type { IdSource } from './id-source';
import type { MessageResponder } from './message-responder';
import { seededUnit } from './seeded-unit';
import type { StatsRecorder } from './standin-stats';
import type { BatchEntry, StoredBatch } from './stored-batch';

/** What an entry needs to be answered. */
export interface BatchEntryContext {
  readonly responder: MessageResponder;
  readonly stats: StatsRecorder;
  readonly ids: IdSource;
  readonly shares: ResolvedBatchOptions['shares'];
  readonly seed: number;
}

/** The share an entry's draw lands on: the shares laid end to end from 0, the rest answered. */
export function pickShare(draw: number, shares: ResolvedBatchOptions['shares']): BatchShareKind | null {
  let threshold = 0;
  for (const kind of batchShareKinds) {
    threshold += shares[kind];
    if (draw < threshold) return kind;
  }
  return null;
}

const injected: Record<Exclude<BatchShareKind, 'expired'>, { status: number; message: string }> = {
  apiError: { status: 500, message: 'Internal server error (injected batch fault)' },
  overloaded: { status: 529, message: 'Overloaded (injected batch fault)' },
  invalidRequest: { status: 400, message: 'The request was refused (injected batch fault)' },
};

/**
 * The result of one batch entry. Its seeded share may make it `expired` or `errored` without the
 * model being asked; otherwise its params are checked and answered exactly as `POST /v1/messages`
 * would answer them (a problem there is an `invalid_request_error`, an unknown `file_id` a `not_found_error`), and a message is billed at
 * the batch price with `usage.service_tier: 'batch'`. Script errors become `errored` with their
 * status's error type; resets and stalls `errored` with an `api_error`.
 */
export async function answerBatchEntry(
  batch: StoredBatch,
  entry: BatchEntry,
  context: BatchEntryContext,
): Promise<BatchResult> {
  const errored = (status: number, message: string, errorType?: string): BatchResult => ({
    type: 'errored',
    error: {
      type: 'error',
      error: { type: errorType ?? apiErrorType(status).type, message },
      request_id: context.ids.next('req'),
    },
  });
  const share = pickShare(seededUnit(context.seed, 'batch', batch.number, entry.customId), context.shares);
  if (share === 'expired') return { type: 'expired' };
  if (share !== null) return errored(injected[share].status, injected[share].message);
  const params = entry.params ?? {};
  if (params.stream !== undefined && params.stream !== false)
    return errored(400, 'stream: requests in a Message Batch cannot be streamed');
  try {
    return await answerParams(batch, entry, params, context, errored);
  } catch (error) {
    return errored(500, `The stand-in failed: ${(error as Error).message}`);
  }
}

async function answerParams(
  batch: StoredBatch,
  entry: BatchEntry,
  params: NonNullable<BatchEntry['params']>,
  context: BatchEntryContext,
  errored: (status: number, message: string, errorType?: string) => BatchResult,
): Promise<BatchResult> {
  const raw = Buffer.from(JSON.stringify(params));
  const prepared = await context.responder.prepare({
    raw,
    headers: batch.headers,
    received: { body: raw.toString('utf8'), apiKey: batch.apiKey },
    batch: { id: batch.id, customId: entry.customId },
  });
  if (!prepared.ok) return errored(prepared.status, prepared.message);
  const answer = await context.responder.answer(prepared.request, { lane: 'batch', abandoned: () => false });
  switch (answer.kind) {
    case 'message': {
      context.stats.answered(prepared.request.documentKey, answer.message);
      context.stats.batchAnswered(entry.customId);
      context.stats.billed('batch', answer.message);
      const { message } = answer;
      return {
        type: 'succeeded',
        message: { ...message, usage: { ...message.usage, service_tier: 'batch' } },
      };
    }
    case 'error': {
      const { status, errorType, message } = answer.error;
      return errored(status, message ?? apiErrorType(status).message, errorType);
    }
    case 'reset':
    case 'stall':
    case 'abandoned':
      return errored(500, `The stand-in's answer was a ${answer.kind} (api_error in a batch)`);
  }
}
