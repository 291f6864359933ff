import { randomUUID } from 'node:crypto';
import { APIError } from '@anthropic-ai/sdk';
import type { BatchCreateParams } from '@anthropic-ai/sdk/resources/messages/batches';
import { filesBetaHeaders, toMessageParams, withCallDeadline } from '@quarry/anthropic';
import { type ModelRequest, referencedFileId } from '@quarry/core';
import { describeError } from '../describe-error';
import { type BatchLaneContext, showWaiting, wakeJobs } from './batch-lane-context';
import type { BatchOutcome } from './batch-outcome';
import { customIdOf } from './batch-ref';
import { cutBatch } from './cut-batch';

type BatchRequest = BatchCreateParams.Request;

/**
 * Submits one batch of a model's waiting attempts when it is due: `maxRequests` wait, or the
 * oldest has waited `maxWaitMs`. Each request is rebuilt from its job; the batch is cut at the
 * request and byte limits; the shared prefix's cache breakpoint has the `cacheTtl` of the settings. Two-phase: the intent (which entries, under which custom_ids) is saved
 * before `batches.create`, then the batch id. A create refused outright (4xx) puts the entries
 * back; one whose answer never came is left to reconciliation (`reconcileIntent`).
 * Returns whether a batch was submitted and whether it was cut short of the waiting entries by the
 * byte limit (the rest is then due at once: `force`).
 */
export async function submitBatch(
  context: BatchLaneContext,
  model: string,
  force = false,
): Promise<{ readonly submitted: boolean; readonly cut: boolean }> {
  const none = { submitted: false, cut: false };
  const { store, settings, log } = context;
  const waiting = await store.waiting(model);
  if (waiting.count === 0 || waiting.oldestMs === null) return none;
  const due =
    force || waiting.count >= settings.maxRequests || context.now() - waiting.oldestMs >= settings.maxWaitMs;
  if (!due) return none;

  // The intent's id is drawn first: every custom_id of this submission carries its marker.
  const intentId = randomUUID();
  const requests: { ref: string; request: BatchRequest; source: ModelRequest; bytes: number }[] = [];
  for (const entry of await store.waitingEntries(model, settings.maxRequests)) {
    const rebuilt = await context.rebuild(entry);
    if (rebuilt.kind === 'stale') {
      log.warn({ ref: entry.ref, why: rebuilt.why }, 'batch entry dropped; its job runs again on its own');
      await store.settle({ ref: entry.ref, owner: '', model, outcome: '' });
      if (rebuilt.jobId) await wakeJobs(context, [rebuilt.jobId]);
      continue;
    }
    // Server-side fallbacks are a beta of the Messages API, not sent through batches.
    const { fallbacks: _fallbacks, ...request } = rebuilt.request;
    const item: BatchRequest = {
      custom_id: customIdOf({ ref: entry.ref, intentId }),
      params: { ...toMessageParams(request, { cacheTtl: settings.cacheTtl }), stream: false },
    };
    requests.push({
      ref: entry.ref,
      request: item,
      source: request,
      bytes: Buffer.byteLength(JSON.stringify(item)),
    });
  }
  const fits = cutBatch({
    sizes: requests.map((r) => r.bytes),
    maxBytes: settings.maxBytes,
    maxRequests: settings.maxRequests,
  });
  if (fits === 0 && requests[0]) {
    const tooBig = requests[0];
    const outcome: BatchOutcome = {
      type: 'error',
      kind: 'permanent',
      status: 413,
      message: `The request is ${tooBig.bytes} bytes, over the batch limit of ${settings.maxBytes}`,
    };
    const jobId = await store.settle({ ref: tooBig.ref, owner: '', model, outcome: JSON.stringify(outcome) });
    if (jobId) await wakeJobs(context, [jobId]);
    return { submitted: false, cut: true };
  }
  const chosen = requests.slice(0, fits);
  if (chosen.length === 0) return none;
  const cut = fits < requests.length;

  const taken = new Set(
    await store.takeIntent({
      intentId,
      model,
      nowMs: context.now(),
      entries: chosen.map((r) => ({
        ref: r.ref,
        customId: r.request.custom_id,
        fileId: referencedFileId(r.source),
      })),
    }),
  );
  const sent = chosen.filter((r) => taken.has(r.ref));
  if (sent.length === 0) return none;
  const jobIds = (await store.entries([...taken])).map((entry) => entry.jobId);
  try {
    const batch = await withCallDeadline(
      { operation: 'The Message Batches create', timeoutMs: context.callTimeoutMs },
      (signal) =>
        context.client.messages.batches.create(
          { requests: sent.map((r) => r.request) },
          {
            maxRetries: 0,
            timeout: context.callTimeoutMs,
            signal,
            ...filesBetaHeaders(sent.map((r) => r.source)),
          },
        ),
    );
    if (!(await store.saveBatchId({ intentId, batchId: batch.id, nowMs: context.now() }))) {
      // Reconciliation settled the intent meanwhile: this batch would pay for its entries twice.
      await store.markKnown(batch.id, context.now());
      await withCallDeadline(
        { operation: 'The Message Batches cancel', timeoutMs: context.callTimeoutMs },
        (signal) =>
          context.client.messages.batches.cancel(batch.id, {}, { timeout: context.callTimeoutMs, signal }),
      );
      log.warn({ batchId: batch.id, intentId }, 'batch created for a settled intent; canceled');
      return none;
    }
    log.info({ batchId: batch.id, model, requests: sent.length }, 'batch submitted');
    await showWaiting(context, jobIds, batch.id);
    return { submitted: true, cut };
  } catch (error) {
    const refused =
      error instanceof APIError &&
      error.status !== undefined &&
      error.status >= 400 &&
      error.status < 500 &&
      error.status !== 408 &&
      error.status !== 409;
    if (refused) {
      await store.releaseIntent({ intentId, model });
      log.error({ intentId, model, error: describeError(error) }, 'batch refused; its entries wait again');
    } else {
      await store.markIntentUnknown(intentId);
      log.warn({ intentId, model, error: describeError(error) }, 'batch create unanswered; reconciling');
    }
    return none;
  }
}
