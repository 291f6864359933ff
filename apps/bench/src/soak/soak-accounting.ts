import type { DocumentCalls } from '@quarry/standin';
import type { RunOutcomes } from '../outcomes';

/** One row of the accounting table. */
export interface AccountingRow {
  readonly label: string;
  readonly value: number | string;
  /** What the value must be, when it is checked; absent for information. */
  readonly expected?: number;
  readonly ok: boolean;
}

/** The soak's verdict: the accounting table and every discrepancy found. */
export interface SoakAccounting {
  readonly rows: readonly AccountingRow[];
  /** One line per problem, naming the job; empty when everything adds up. */
  readonly discrepancies: readonly string[];
}

/** Inputs of {@link accountSoak}. */
export interface AccountSoakInput {
  /** Job id → the reference naming its document at the stand-in (jobs sending the same document share one). */
  readonly enqueued: ReadonlyMap<string, string>;
  readonly outcomes: RunOutcomes;
  /** The stand-in's calls per document reference. */
  readonly perDocument: Readonly<Record<string, DocumentCalls>>;
  /** The stand-in's succeeded (billed) batch entries per custom_id (one custom_id per attempt). */
  readonly batchAnswersPerCustomId?: Readonly<Record<string, number>>;
}

/** Discrepancy lines shown per kind before "…and N more". */
const SHOWN = 5;

/**
 * Checks a finished soak run:
 * - every enqueued job ended exactly once: completed, or failed with exactly one DLQ record;
 * - no DLQ record is a duplicate (two for one source job) or belongs to no enqueued job;
 * - no model call was paid twice: per document (the jobs sharing its reference together), the calls
 *   the stand-in answered (status 200) equal the attempts saved, except that each stall (a worker
 *   killed mid-job) may lose the one answer it had in flight. Calls refused at the transport level
 *   (429, 5xx, reset) are not attempts;
 * - no batch request was paid twice: each custom_id (one per job, generation and attempt) was
 *   answered at most once over every batch, with no allowance for stalls.
 */
export function accountSoak(input: AccountSoakInput): SoakAccounting {
  const { enqueued, outcomes, perDocument } = input;
  const problems = new Map<string, string[]>();
  const problem = (kind: string, line: string) => {
    const list = problems.get(kind) ?? [];
    list.push(line);
    problems.set(kind, list);
  };

  const completed = new Map(outcomes.completed.map((job) => [job.jobId, job]));
  const failed = new Set(outcomes.failedJobIds);
  const recordsBySource = new Map<string, number>();
  for (const record of outcomes.deadLettered) {
    recordsBySource.set(record.sourceJobId, (recordsBySource.get(record.sourceJobId) ?? 0) + 1);
  }
  const deadLettered = new Map(outcomes.deadLettered.map((record) => [record.sourceJobId, record]));

  let inBoth = 0;
  let lost = 0;
  let failedWithoutRecord = 0;
  for (const jobId of enqueued.keys()) {
    const done = completed.has(jobId);
    const dead = recordsBySource.has(jobId);
    if (done && dead) {
      inBoth += 1;
      problem('both', `job ${jobId} is completed and has a DLQ record`);
    } else if (!done && !dead) {
      lost += 1;
      problem(
        'lost',
        failed.has(jobId)
          ? `job ${jobId} failed without a DLQ record`
          : `job ${jobId} neither completed nor dead-lettered`,
      );
      if (failed.has(jobId)) failedWithoutRecord += 1;
    } else if (dead && !failed.has(jobId)) {
      problem('both', `job ${jobId} has a DLQ record but is not in the failed set`);
    }
  }
  let duplicates = 0;
  for (const [sourceJobId, count] of recordsBySource) {
    if (count > 1) {
      duplicates += count - 1;
      problem('duplicate', `job ${sourceJobId} has ${count} DLQ records`);
    }
  }
  const strangers = [...recordsBySource.keys()].filter((sourceJobId) => !enqueued.has(sourceJobId));
  for (const sourceJobId of strangers)
    problem('stranger', `DLQ record of job ${sourceJobId}, which was never enqueued`);
  const strangerCompleted = [...completed.keys()].filter((jobId) => !enqueued.has(jobId));
  for (const jobId of strangerCompleted) problem('stranger', `completed job ${jobId} was never enqueued`);

  const jobsByReference = new Map<string, string[]>();
  for (const [jobId, reference] of enqueued)
    jobsByReference.set(reference, [...(jobsByReference.get(reference) ?? []), jobId]);
  let answered = 0;
  let calls = 0;
  let saved = 0;
  let lostToKills = 0;
  let repaid = 0;
  let unpaid = 0;
  let answeredInFlight = 0;
  for (const [reference, jobIds] of jobsByReference) {
    const atStandin = perDocument[reference] ?? { calls: 0, answered: 0 };
    answered += atStandin.answered;
    calls += atStandin.calls;
    // A lost job (already a problem above) has no saved attempts to compare its answers with.
    if (jobIds.some((jobId) => !completed.has(jobId) && !recordsBySource.has(jobId))) {
      answeredInFlight += atStandin.answered;
      continue;
    }
    let attempts = 0;
    let stalls = 0;
    for (const jobId of jobIds) {
      const job = completed.get(jobId);
      const record = deadLettered.get(jobId);
      attempts += job ? job.result.attempts : record ? record.attempts.length : 0;
      stalls += job ? job.stalledCounter : (outcomes.failedStalls.get(jobId) ?? 0);
    }
    saved += attempts;
    const jobs = `job${jobIds.length === 1 ? '' : 's'} ${jobIds.join(', ')}`;
    const extra = atStandin.answered - attempts;
    if (extra < 0) {
      unpaid += -extra;
      problem(
        'unpaid',
        `${jobs} ${jobIds.length === 1 ? 'has' : 'have'} ${attempts} attempts saved but the model answered ${atStandin.answered} calls`,
      );
    } else if (extra > stalls) {
      repaid += extra - stalls;
      lostToKills += stalls;
      problem(
        'repaid',
        `${jobs}: ${atStandin.answered} calls answered, ${attempts} attempts saved, ${stalls} stall${stalls === 1 ? '' : 's'}`,
      );
    } else {
      lostToKills += extra;
    }
  }

  let batchAnswers = 0;
  let batchRepaid = 0;
  for (const [customId, count] of Object.entries(input.batchAnswersPerCustomId ?? {})) {
    batchAnswers += count;
    if (count > 1) {
      batchRepaid += count - 1;
      problem('batch-repaid', `batch request ${customId} was answered ${count} times`);
    }
  }

  const reasons = new Map<string, number>();
  for (const record of outcomes.deadLettered) {
    reasons.set(record.reason.kind, (reasons.get(record.reason.kind) ?? 0) + 1);
  }
  const rows: AccountingRow[] = [
    { label: 'jobs enqueued', value: enqueued.size, ok: true },
    { label: 'completed', value: outcomes.completed.length, ok: true },
    { label: 'dead-lettered (DLQ records)', value: outcomes.deadLettered.length, ok: true },
    ...[...reasons]
      .sort((a, b) => b[1] - a[1])
      .map(([kind, n]): AccountingRow => ({ label: `  reason ${kind}`, value: n, ok: true })),
    {
      label: 'completed + dead-lettered − enqueued',
      value: outcomes.completed.length + recordsBySource.size - enqueued.size,
      expected: 0,
      ok: outcomes.completed.length + recordsBySource.size === enqueued.size,
    },
    { label: 'jobs in neither (lost)', value: lost, expected: 0, ok: lost === 0 },
    {
      label: '  of which failed without a DLQ record',
      value: failedWithoutRecord,
      expected: 0,
      ok: failedWithoutRecord === 0,
    },
    { label: 'jobs both completed and dead-lettered', value: inBoth, expected: 0, ok: inBoth === 0 },
    { label: 'duplicate DLQ records', value: duplicates, expected: 0, ok: duplicates === 0 },
    {
      label: 'DLQ records / results of unknown jobs',
      value: strangers.length + strangerCompleted.length,
      expected: 0,
      ok: strangers.length + strangerCompleted.length === 0,
    },
    {
      label: 'DLQ jobs that are not DLQ records',
      value: outcomes.unreadableDlqJobs.length,
      expected: 0,
      ok: outcomes.unreadableDlqJobs.length === 0,
    },
    { label: 'model calls received by the stand-in', value: calls, ok: true },
    { label: '  refused at the transport level (429, 5xx, reset)', value: calls - answered, ok: true },
    { label: '  answered (billed)', value: answered, ok: true },
    { label: 'attempts saved', value: saved, ok: true },
    { label: 'answers lost with a killed worker (≤ 1 per stall)', value: lostToKills, ok: true },
    { label: 'answers to jobs in neither (not compared)', value: answeredInFlight, ok: true },
    { label: 'calls re-paid for a saved attempt', value: repaid, expected: 0, ok: repaid === 0 },
    { label: 'attempts saved without a paid call', value: unpaid, expected: 0, ok: unpaid === 0 },
    { label: 'batch entries answered (billed)', value: batchAnswers, ok: true },
    {
      label: 'batch requests (custom_ids) paid more than once',
      value: batchRepaid,
      expected: 0,
      ok: batchRepaid === 0,
    },
  ];
  const discrepancies = [...problems.values()].flatMap((lines) =>
    lines.length > SHOWN ? [...lines.slice(0, SHOWN), `…and ${lines.length - SHOWN} more like it`] : lines,
  );
  return { rows, discrepancies };
}
