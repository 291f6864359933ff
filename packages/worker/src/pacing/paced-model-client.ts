import { setTimeout as sleep } from 'node:timers/promises';
import {
  hasRateLimits,
  type ModelCallOptions,
  type ModelClient,
  type ModelRequest,
  type ModelTable,
  ModelTransportError,
  pacingDraw,
  rateLimitClassOf,
} from '@quarry/core';
import { type PacerBudgetStore, pacerBudgetDefaults } from '@quarry/queue';
import type { Logger } from 'pino';
import type { PacingMetrics } from '../metrics/pacing-metrics';
import { budgetLedger } from './budget-ledger';
import { PacingCancelledError } from './pacing-cancelled-error';

/** Options of {@link pacedModelClient}. */
export interface PacedModelClientOptions {
  /** The client that sends the calls (the Anthropic adapter). */
  readonly inner: ModelClient;
  readonly store: PacerBudgetStore;
  /** The API key the calls are made with: it names the budget (hashed; never stored in clear). */
  readonly apiKey: string;
  /** For the tokenizer factor of the input estimate. */
  readonly models: ModelTable;
  /** The longest a reset time or retry-after is honoured for (`RATE_LIMIT_MAX_PAUSE_MS`). */
  readonly maxWaitAheadMs: number;
  /** Aborted when the worker starts closing: calls waiting for budget are let go at once. */
  readonly closing: AbortSignal;
  readonly log: Logger;
  readonly metrics?: PacingMetrics | undefined;
  /** Epoch ms, for reset times. Default `Date.now`. */
  readonly now?: () => number;
}

/**
 * Paces a model client by the shared rate-limit budget of its API key and model class: before each
 * call it draws one request, the estimated uncached input tokens and `max_tokens` ({@link pacingDraw})
 * and waits the time the budget asks for; after it, it reconciles the draw with the real usage and
 * the response's rate-limit headers (a 429's too, with its retry-after). The wait happens inside
 * the call, before anything is sent, so it spends no attempt; it ends early when the job's signal
 * fires (the error is then the signal's reason) or the worker starts closing
 * ({@link PacingCancelledError}). A failure to settle is logged, never thrown: the answer is kept.
 */
export function pacedModelClient(options: PacedModelClientOptions): ModelClient {
  const { store, log, metrics } = options;
  const now = options.now ?? Date.now;
  const { report, settle } = budgetLedger({
    store,
    log,
    metrics,
    now,
    maxWaitAheadMs: options.maxWaitAheadMs,
  });

  const probeWaitMs = pacerBudgetDefaults.probeMs;
  // Per budget, what this process knows without asking Redis: until when it is unpaced (no headers,
  // no ceilings), and the probe call in flight here, which this process's other calls wait for.
  const local = new Map<string, { bareUntil: number; probe: Promise<unknown> | null }>();

  /** Unpaced while answers carry no rate-limit headers; the first one that does starts pacing. */
  const sendBare = async (
    budget: string,
    rateLimitClass: string,
    request: ModelRequest,
    callOptions: ModelCallOptions | undefined,
  ) => {
    const response = await options.inner.generate(request, callOptions);
    if (hasRateLimits(response.rateLimit)) {
      const known = local.get(budget);
      if (known) known.bareUntil = 0;
      const drawn = { requests: 0, inputTokens: 0, outputTokens: 0 };
      await settle(budget, rateLimitClass, drawn, {
        usage: response.usage,
        reading: response.rateLimit,
        answered: true,
      });
    }
    return response;
  };

  return {
    async generate(request, callOptions) {
      const rateLimitClass = rateLimitClassOf(request.model);
      const budget = store.budget(options.apiKey, rateLimitClass);
      const known = local.get(budget) ?? { bareUntil: 0, probe: null };
      local.set(budget, known);
      const signals = [options.closing, ...(callOptions?.signal ? [callOptions.signal] : [])];
      const wait = async (ms: number, until?: Promise<unknown>) => {
        const done = new AbortController();
        try {
          const slept = sleep(ms, undefined, { signal: AbortSignal.any([...signals, done.signal]) });
          await (until ? Promise.race([slept, until.catch(() => {})]) : slept);
        } catch (error) {
          if (callOptions?.signal?.aborted) throw callOptions.signal.reason;
          if (options.closing.aborted) throw new PacingCancelledError({ rateLimitClass, cause: error });
        } finally {
          done.abort();
        }
      };
      // A probe of this budget in flight here: wait for its answer (at most as long as a probe may take).
      if (known.probe) await wait(probeWaitMs, known.probe);
      if (known.bareUntil > now()) return sendBare(budget, rateLimitClass, request, callOptions);
      const drawn = pacingDraw({ request, attempt: callOptions?.attempt ?? 1, models: options.models });
      let grant = await store.draw(budget, drawn);
      while (grant.mode === 'probing') {
        await wait(grant.waitMs);
        grant = await store.draw(budget, drawn);
      }
      if (grant.mode === 'bare') {
        known.bareUntil = now() + grant.waitMs;
        return sendBare(budget, rateLimitClass, request, callOptions);
      }
      report(rateLimitClass, grant.levels);
      if (grant.waitMs > 0) {
        metrics?.waited(rateLimitClass, grant.waitMs);
        try {
          await wait(grant.waitMs);
        } catch (error) {
          await settle(budget, rateLimitClass, drawn, {
            usage: null,
            reading: null,
            answered: false,
            sent: false,
          });
          throw error;
        }
      }
      const sent = (async () => {
        const response = await options.inner.generate(request, callOptions);
        await settle(budget, rateLimitClass, drawn, {
          usage: response.usage,
          reading: response.rateLimit ?? null,
          answered: true,
        });
        return response;
      })().catch(async (error: unknown) => {
        const reading = error instanceof ModelTransportError ? error.rateLimit : null;
        await settle(budget, rateLimitClass, drawn, { usage: null, reading, answered: false });
        throw error;
      });
      if (grant.mode === 'probe') {
        known.probe = sent;
        sent.then(
          () => {
            known.probe = null;
          },
          () => {
            known.probe = null;
          },
        );
      }
      return sent;
    },
  };
}
