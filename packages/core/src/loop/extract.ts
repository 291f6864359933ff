import type { z } from 'zod';
import type { AttemptRecord } from '../attempts/attempt-record';
import { type ExhaustedKind, ExtractionExhaustedError } from '../errors/extraction-exhausted-error';
import { RuleCheckError } from '../errors/rule-check-error';
import { provenanceByPage } from '../grounding/provenance-by-page';
import type { Issue } from '../issues/issue';
import { ruleErrorIssue } from '../issues/rule-error-issue';
import type { ClimbReason } from '../ladder/climb-reason';
import { toolNameFor } from '../request/tool-name-for';
import { readReply } from '../validation/read-reply';
import { type ReplyValidation, validateReply } from '../validation/validate-reply';
import type { AnyWorkflow } from '../workflow/define-workflow';
import { attemptTotals } from './attempt-totals';
import { budgetOverrun } from './budget-overrun';
import { type BuildAttemptRecordOptions, buildAttemptRecord } from './build-attempt-record';
import { resolveExtractSettings } from './extract-defaults';
import type { ExtractOptions } from './extract-options';
import type { ExtractionResult } from './extraction-result';
import { nextMaxTokens } from './next-max-tokens';
import { nextRequest } from './next-request';
import { nextRung } from './next-rung';
import { rejection } from './rejection';
import { groundedResultPart, noTextLayerReason, replyGrounding } from './reply-grounding';
import { reportToHistory } from './report-to-history';
import { resumeFromStoredAttempts, type ValidReply } from './resume-from-stored-attempts';
import { warnOncePerModel } from './warn-once-per-model';

/**
 * Runs one extraction job: asks the model, validates the reply (parse, schema, rules), and on
 * failure tells the model exactly what was wrong and asks again, within `maxAttempts` replies and
 * the optional token and cost budget. Every attempt is stored (when `attempts` is given) before
 * the next call, and a job with stored attempts resumes after them without paying for them again.
 * A workflow's model ladder (`models`) starts on its first model and moves up as `ladderStep`
 * decides; each request follows the model table's rules for its model (tool choice, effort, the
 * effort ladder, which starts afresh on each model), opts into cache diagnostics naming the previous
 * attempt's message id, and names the workflow's server-side fallback models.
 *
 * @throws ExtractionExhaustedError (`validation_exhausted`, `no_progress`, `budget_exhausted`)
 * @throws ExtractionRejectedError (`refused`, `fatal_rule`)
 * @throws ModelTransportError from the model client, untouched; it is not an attempt.
 * @throws RuleCheckError when a rule throws; TypeError for invalid options.
 */
export async function extract<W extends AnyWorkflow>(
  options: ExtractOptions<W>,
): Promise<ExtractionResult<z.output<W['output']>>> {
  const settings = resolveExtractSettings(options);
  const { workflow, input } = options;
  const strategy = settings.strategy;
  const now = options.now ?? Date.now;
  const startedMs = now();
  const onWarning = options.onWarning ?? (() => {});
  const toolName = toolNameFor(workflow);
  const records: AttemptRecord[] = [];
  let used = 0;
  let failed: AttemptRecord | null = null;
  let maxTokens = settings.maxTokens;
  let rung = 0;
  let climb: ClimbReason | null = null;

  const warnOnce = warnOncePerModel(onWarning);
  const plan = replyGrounding({
    workflow,
    input,
    grounder: options.grounder,
    onWarning,
    document: options.document,
    locale: options.locale,
  });
  const grounding = plan && 'grounder' in plan ? plan : undefined;
  const unchecked = plan && 'noTextLayer' in plan ? [noTextLayerReason] : [];

  const totals = () => attemptTotals(records);
  const exhausted = (kind: ExhaustedKind, message: string): ExtractionExhaustedError =>
    new ExtractionExhaustedError({
      kind,
      message,
      records: [...records],
      lastIssues: failed?.issues ?? [],
      ...totals(),
    });
  const refused = (issues: readonly Issue[]) => rejection({ kind: 'refused', workflow, records, issues });
  const fatal = (issues: readonly Issue[]) => rejection({ kind: 'fatal_rule', workflow, records, issues });
  const succeed = (valid: ValidReply): ExtractionResult<z.output<W['output']>> => {
    const { reviewReasons: weak, ...grounded } = groundedResultPart({
      grounder: grounding?.grounder,
      records,
      accepted: valid,
    });
    const reviewReasons = [...valid.reviewReasons, ...weak, ...unchecked];
    const provenance =
      grounded.provenance && grounding?.pageStarts
        ? { provenance: provenanceByPage(grounded.provenance, grounding.pageStarts) }
        : {};
    return {
      data: valid.data as z.output<W['output']>,
      needsReview: reviewReasons.length > 0,
      reviewReasons,
      attempts: used,
      attemptRecords: [...records],
      ...totals(),
      model: records.at(-1)?.model ?? settings.modelId,
      workflow: workflow.name,
      version: workflow.version,
      durationMs: Math.max(0, now() - startedMs),
      ...grounded,
      ...provenance,
    };
  };

  if (options.attempts) {
    const resumed = await resumeFromStoredAttempts({
      attempts: options.attempts,
      workflow,
      input,
      toolName,
      onWarning,
      ...(grounding ? { grounding } : {}),
    });
    records.push(...resumed.records);
    used = resumed.used;
    const last = records.at(-1);
    if (last) maxTokens = nextMaxTokens(last, settings);
    switch (resumed.next.outcome) {
      case 'valid':
        return succeed(resumed.next);
      case 'refused':
        throw refused(resumed.next.issues);
      case 'fatal':
        throw fatal(resumed.next.issues);
      case 'ask':
        failed = resumed.next.failed;
    }
  }

  /** Builds the record of one reply and saves it before anything else may happen. */
  const saveAttempt = async (
    attempt: Pick<
      BuildAttemptRecordOptions,
      | 'rawOutput'
      | 'toolCallId'
      | 'issues'
      | 'response'
      | 'started'
      | 'effort'
      | 'provenance'
      | 'groundingFields'
    >,
  ): Promise<AttemptRecord> => {
    const record = buildAttemptRecord({
      ...attempt,
      n: used,
      strategy,
      maxTokens,
      settings: { ...settings, modelId: settings.ladder[rung]?.modelId ?? settings.modelId },
      climb,
      now,
      onWarning: warnOnce,
      inputHash: options.attempts?.inputHash,
    });
    if (options.attempts) await options.attempts.store.append(options.attempts.jobKey, record);
    records.push(record);
    options.onAttempt?.(record);
    return record;
  };

  for (;;) {
    if (used >= settings.maxAttempts) {
      throw exhausted(
        'validation_exhausted',
        `No valid reply after ${used} attempt${used === 1 ? '' : 's'} (maxAttempts ${settings.maxAttempts})`,
      );
    }
    const step = nextRung({ settings, records, failed });
    switch (step.action) {
      case 'stop':
        throw exhausted(
          'no_progress',
          `Attempts ${records.at(-2)?.n} and ${records.at(-1)?.n} gave the same output with the same issues; stopping early`,
        );
      case 'climb':
        climb = step.reason;
        break;
      case 'stay':
        climb = null;
    }
    rung = step.rung;
    const { request, effort } = nextRequest({
      workflow,
      input,
      settings,
      rung: settings.ladder[rung] ?? settings.ladder[0],
      maxTokens,
      lessons: options.lessons ?? [],
      failed,
      records,
      grounder: grounding?.grounder ?? null,
      cache: { history: options.cacheHistory ?? null, policy: options.cachePlacement ?? 'by_cost' },
      ...(options.document ? { document: options.document } : {}),
    });
    const overrun = budgetOverrun({ budget: settings.budget, records, request, models: settings.models });
    if (overrun !== null) throw exhausted('budget_exhausted', overrun);
    options.signal?.throwIfAborted();

    const started = now();
    const response = await options.model.generate(request, {
      attempt: used + 1,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    used += 1;
    let validation: ReplyValidation;
    try {
      validation = await validateReply({
        response,
        workflow,
        input,
        strategy,
        toolName,
        ...(grounding ? { grounding } : {}),
      });
    } catch (error) {
      if (!(error instanceof RuleCheckError)) throw error;
      // Save the reply first: a retried job checks it again instead of paying for it again.
      const reading = readReply(response, strategy, toolName);
      await saveAttempt({ ...reading, issues: [ruleErrorIssue(error)], response, started, effort });
      throw error;
    }
    const record = await saveAttempt({
      rawOutput: validation.rawOutput,
      toolCallId: validation.toolCallId,
      issues: validation.outcome === 'valid' ? [] : validation.issues,
      ...(validation.provenance ? { provenance: validation.provenance } : {}),
      ...(validation.groundingFields ? { groundingFields: validation.groundingFields } : {}),
      response,
      started,
      effort,
    });

    switch (validation.outcome) {
      case 'valid':
        return succeed(validation);
      case 'refused':
        throw refused(validation.issues);
      case 'fatal':
        throw fatal(validation.issues);
      case 'invalid': {
        await reportToHistory({
          history: options.history,
          issues: validation.issues,
          attempt: used,
          workflow,
          onWarning,
        });
        failed = record;
        maxTokens = nextMaxTokens(record, settings);
      }
    }
  }
}
