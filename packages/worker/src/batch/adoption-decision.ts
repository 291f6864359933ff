/** A batch created up to this long before its intent (worker and API clocks differ) may still be its own. */
export const clockAllowanceMs = 5 * 60_000;

/**
 * How long an intent may wait on batches it cannot yet tell apart from its own: a batch ends (or
 * expires) at most 24 hours after its creation; one hour more for its end to show.
 */
export const adoptionBoundMs = 25 * 60 * 60_000;

/** A batch of the listing, as the reconciliation of an unanswered create sees it. */
export interface IntentCandidate {
  readonly batchId: string;
  readonly createdAtMs: number;
  /** When it ended, or null while it runs. */
  readonly endedAtMs: number | null;
  /** Its number of requests (all of its request counts). */
  readonly requests: number;
  /** Whether this queue already created or adopted it. */
  readonly known: boolean;
  /**
   * What its results say: every custom_id is one of the intent's (`ours`), one is not (`foreign`),
   * or they were not read (it runs, or the read failed: `unread`).
   */
  readonly proof: 'ours' | 'foreign' | 'unread';
}

/** The intent as the decision needs it. */
export interface IntentFacts {
  readonly createdAtMs: number;
  /** Its number of requests. */
  readonly size: number;
}

/**
 * What to do with an intent whose create never answered: `adopt` the batch proven its own; `wait`
 * and look again (candidates not proven yet, or too soon to trust a listing without its batch);
 * `release` its entries (no batch is its own: they wait to be sent again); or, past
 * {@link adoptionBoundMs} with candidates still unproven, `abandon` it: its attempts end with an
 * error and are never sent again, since one of those batches may have paid for them.
 */
export type AdoptionDecision =
  | { readonly kind: 'adopt'; readonly batchId: string }
  | { readonly kind: 'wait'; readonly unproven: readonly string[] }
  | { readonly kind: 'release' }
  | { readonly kind: 'abandon'; readonly unproven: readonly string[] };

/**
 * Whether a listed batch could be the intent's at all: not known to this queue, with the intent's
 * number of requests, created no earlier than the intent and not ended before it (both less
 * {@link clockAllowanceMs}). Only such batches have their results read.
 */
export function mayBeIntentBatch(
  options: { readonly intent: IntentFacts } & Omit<IntentCandidate, 'batchId' | 'proof'>,
): boolean {
  const since = options.intent.createdAtMs - clockAllowanceMs;
  return (
    !options.known &&
    options.requests === options.intent.size &&
    options.createdAtMs >= since &&
    (options.endedAtMs === null || options.endedAtMs >= since)
  );
}

/**
 * Decides an unanswered create from the batches listed since its intent, each with what its
 * results proved. Only a batch whose results carry the intent's own custom_ids (each holds the
 * intent's marker) is adopted, the earliest when several do. `settleMs`: how long after the
 * intent a listing that does not show its batch is trusted to mean it was never created.
 */
export function adoptionDecision(options: {
  readonly intent: IntentFacts;
  readonly candidates: readonly IntentCandidate[];
  readonly nowMs: number;
  readonly settleMs: number;
}): AdoptionDecision {
  const { intent } = options;
  const eligible = options.candidates.filter((candidate) => mayBeIntentBatch({ ...candidate, intent }));
  const ours = eligible
    .filter((candidate) => candidate.proof === 'ours')
    .sort((a, b) => a.createdAtMs - b.createdAtMs)[0];
  if (ours) return { kind: 'adopt', batchId: ours.batchId };
  const unproven = eligible.filter((candidate) => candidate.proof === 'unread').map((c) => c.batchId);
  const age = options.nowMs - intent.createdAtMs;
  if (unproven.length > 0) {
    return age > adoptionBoundMs ? { kind: 'abandon', unproven } : { kind: 'wait', unproven };
  }
  return age < options.settleMs ? { kind: 'wait', unproven } : { kind: 'release' };
}
