import type { AttemptRecord, Issue, RefusalCategory } from '@quarry/core';
import { buildDlqRecord, type DlqReasonKind, type DlqRecord } from '@quarry/queue';

const day = 24 * 3600 * 1000;
const workflows = [
  { workflow: 'invoice', version: 1 },
  { workflow: 'invoice', version: 2 },
  { workflow: 'support-ticket', version: 1 },
] as const;
/** Reason kinds, weighted as a busy DLQ might hold them. */
const kinds: readonly DlqReasonKind[] = [
  'validation_exhausted',
  'validation_exhausted',
  'validation_exhausted',
  'no_progress',
  'no_progress',
  'refused',
  'budget_exhausted',
  'transient_exhausted',
];
const categories: readonly (RefusalCategory | undefined)[] = [undefined, 'cyber', 'bio'];
const paths = ['total', 'dueDate', 'lineItems[0].amount', 'vendorName', 'currency', 'priority', 'category'];

const issue = (path: string, i: number): Issue => ({
  source: 'schema',
  path,
  code: 'invalid_type',
  message: `expected a number at ${path} (record ${i})`,
});

function attempt(n: number, issues: readonly Issue[]): AttemptRecord {
  return {
    n,
    startedAt: new Date(Date.UTC(2025, 5, 1, 0, 0, n)).toISOString(),
    durationMs: 900 + n,
    model: 'claude-haiku-4-5',
    strategy: 'structured',
    maxTokens: 4096,
    stopReason: 'end_turn',
    requestId: `req_${n}`,
    rawOutput: '{"total": "twelve"}',
    rawOutputTruncated: false,
    toolCallId: null,
    issues: [...issues],
    usage: { inputTokens: 1200, outputTokens: 150, cacheCreationInputTokens: 0, cacheReadInputTokens: 800 },
    costUsd: 0.0021,
  };
}

/**
 * The `i`-th DLQ record of the bench's synthetic DLQ: three workflow versions, weighted reasons and
 * refusal categories, one to three attempts with issues from seven paths (so a few dozen fingerprint
 * groups), dead-lettered over the `spanDays` before `now`.
 */
export function benchDlqRecord(i: number, now: number, spanDays = 30): DlqRecord {
  const target = workflows[i % workflows.length] as (typeof workflows)[number];
  const kind = kinds[(i * 7) % kinds.length] as DlqReasonKind;
  const category = kind === 'refused' ? categories[i % categories.length] : undefined;
  const at = now - Math.floor((((i * 7919) % 1_000_003) / 1_000_003) * spanDays * day);
  const attempts = Array.from({ length: 1 + (i % 3) }, (_, n) =>
    attempt(n + 1, kind === 'refused' ? [] : [issue(paths[(i + n) % paths.length] as string, i)]),
  );
  return buildDlqRecord({
    job: {
      id: `bench-dlq-${i}`,
      timestamp: at - 60_000,
      data: { ...target, input: { text: `Document ${i}` } },
      attemptsMade: 1,
    },
    reason: {
      kind,
      message: `gave up on document ${i}`,
      ...(category ? { refusalCategory: category } : {}),
    },
    attempts,
    jobAttempts: 1,
    deadLetteredAt: new Date(at),
  });
}
