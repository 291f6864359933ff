import type { EvalItemOutcome } from './eval-item-outcome';
import { keptOutput } from './eval-kept-output';
import type { EvalItemOutcomeSummary, EvalItemResult } from './eval-report';
import type { OutcomeScore } from './score-outcome';

/** Differences kept per item in a report. */
const MAX_ITEM_DIFFERENCES = 50;
const MAX_MESSAGE_CHARS = 500;
const MAX_REVIEW_REASONS = 20;
const MAX_REVIEW_REASON_CHARS = 300;

/** At most `max` characters (code points), `…` marking a cut. */
export function cutText(text: string, max: number): string {
  const characters = Array.from(text);
  return characters.length > max ? `${characters.slice(0, max - 1).join('')}…` : text;
}

function outcomeSummary(outcome: EvalItemOutcome): EvalItemOutcomeSummary {
  switch (outcome.kind) {
    case 'completed':
      return {
        kind: 'completed',
        needsReview: outcome.needsReview,
        reviewReasons: outcome.reviewReasons
          .slice(0, MAX_REVIEW_REASONS)
          .map((reason) => cutText(reason, MAX_REVIEW_REASON_CHARS)),
        firstAttemptValid: outcome.firstAttemptValid,
        wallMs: outcome.wallMs,
      };
    case 'dead_lettered':
      return {
        kind: 'dead_lettered',
        reason: { kind: outcome.reason.kind, message: cutText(outcome.reason.message, MAX_MESSAGE_CHARS) },
      };
    case 'failed':
      return { kind: 'failed', message: cutText(outcome.message, MAX_MESSAGE_CHARS) };
  }
}

/**
 * An item's line in the report: its outcome (the output apart, kept within the item's limit), its
 * costs, its score.
 */
export function itemResultOf(id: string, outcome: EvalItemOutcome, scored: OutcomeScore): EvalItemResult {
  const { differences } = scored.score;
  return {
    id,
    outcome: outcomeSummary(outcome),
    modelCalls: outcome.kind === 'failed' ? null : outcome.modelCalls,
    costUsd: outcome.kind === 'failed' ? null : outcome.costUsd,
    tokens: outcome.kind === 'failed' ? null : outcome.tokens,
    score: scored.score.overall,
    differences: differences.slice(0, MAX_ITEM_DIFFERENCES),
    differencesOmitted: Math.max(differences.length - MAX_ITEM_DIFFERENCES, 0),
    unscorable: scored.unscorable,
    docubench: scored.docubench,
    extracted: outcome.kind === 'completed' ? keptOutput(outcome.data) : null,
  };
}
