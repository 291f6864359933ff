import type { z } from 'zod';
import type { AttemptRecord } from '../attempts/attempt-record';
import { costOf } from '../cost/cost-of';
import { type ExhaustedKind, ExtractionExhaustedError } from '../errors/extraction-exhausted-error';
import { ExtractionRejectedError, type RejectedKind } from '../errors/extraction-rejected-error';
import { RuleCheckError } from '../errors/rule-check-error';
import { cut } from '../issues/excerpt';
import type { Issue } from '../issues/issue';
import { issueSignature, uniqueSignatures } from '../issues/issue-signature';
import { RULE_ERROR, ruleErrorIssue } from '../issues/rule-error-issue';
import type { ModelResponse } from '../model/model-response';
import { buildRequest } from '../request/build-request';
import { toolNameFor } from '../request/tool-name-for';
import { readReply } from '../validation/read-reply';
import { type ReplyValidation, validateReply } from '../validation/validate-reply';
import type { AnyWorkflow } from '../workflow/define-workflow';
import { attemptTotals } from './attempt-totals';
import { budgetOverrun } from './budget-overrun';
import { capUtf8 } from './cap-utf8';
import { resolveExtractSettings } from './extract-defaults';
import type { ExtractOptions, ExtractWarning } from './extract-options';
import type { ExtractionResult } from './extraction-result';
import { loadStoredAttempts } from './load-stored-attempts';
import { responseFromRecord } from './response-from-record';
import { sameAttempt } from './same-attempt';

type Valid = Extract<ReplyValidation, { outcome: 'valid' }>;

/**
 * Runs one extraction job: asks the model, validates the reply (parse, schema, rules), and on
 * failure tells the model exactly what was wrong and asks again, within `maxAttempts` replies and
 * the optional token and cost budget. Every attempt is stored (when `attempts` is given) before
 * the next call, and a job with stored attempts resumes after them without paying for them again.
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

  const warnedModels = new Set<string>();
  const warnOncePerModel = (warning: ExtractWarning): void => {
    if (warning.model !== undefined && warnedModels.has(warning.model)) return;
    if (warning.model !== undefined) warnedModels.add(warning.model);
    onWarning(warning);
  };

  const totals = () => attemptTotals(records);
  const exhausted = (kind: ExhaustedKind, message: string): ExtractionExhaustedError =>
    new ExtractionExhaustedError({
      kind,
      message,
      records: [...records],
      lastIssues: failed?.issues ?? [],
      ...totals(),
    });
  const rejected = (kind: RejectedKind, message: string, issues: readonly Issue[]): ExtractionRejectedError =>
    new ExtractionRejectedError({ kind, message, records: [...records], issues, ...totals() });
  const succeed = (valid: Valid): ExtractionResult<z.output<W['output']>> => ({
    data: valid.data as z.output<W['output']>,
    needsReview: valid.reviewReasons.length > 0,
    reviewReasons: valid.reviewReasons,
    attempts: used,
    attemptRecords: [...records],
    ...totals(),
    model: records.at(-1)?.model ?? settings.modelId,
    workflow: workflow.name,
    version: workflow.version,
    durationMs: Math.max(0, now() - startedMs),
  });
  const fatalRuleIssues = (issues: readonly Issue[]): Issue[] =>
    issues.filter(
      (issue) =>
        issue.source === 'rule' &&
        workflow.rules.some((rule) => rule.id === issue.ruleId && rule.severity === 'fatal'),
    );
  const nextMaxTokens = (record: AttemptRecord): number => {
    const wanted = record.stopReason === 'max_tokens' ? record.maxTokens * 2 : record.maxTokens;
    return Math.max(settings.maxTokens, Math.min(settings.maxTokensCap, wanted));
  };

  if (options.attempts) {
    const stored = await loadStoredAttempts(options.attempts.store, options.attempts.jobKey, onWarning);
    records.push(...stored.records);
    used = stored.used;
    const last = records.at(-1);
    if (last) {
      maxTokens = nextMaxTokens(last);
      if (last.stopReason === 'refusal')
        throw rejected('refused', 'The model refused to answer', last.issues);
      if (fatalRuleIssues(last.issues).length > 0) {
        throw rejected('fatal_rule', fatalMessage(fatalRuleIssues(last.issues)), last.issues);
      }
      // A reply whose rules could not run was never judged: check it again rather than ask anew.
      const unchecked = last.issues.length > 0 && last.issues.every((issue) => issue.code === RULE_ERROR);
      if (last.issues.length > 0 && !unchecked) {
        failed = last;
      } else {
        const again = await validateReply({
          response: responseFromRecord(last, toolName),
          workflow,
          input,
          strategy: last.strategy,
          toolName,
        });
        switch (again.outcome) {
          case 'valid':
            return succeed(again);
          case 'refused':
            throw rejected('refused', 'The model refused to answer', again.issues);
          case 'fatal':
            throw rejected('fatal_rule', fatalMessage(fatalRuleIssues(again.issues)), again.issues);
          case 'invalid':
            failed = { ...last, issues: [...again.issues] };
        }
      }
    }
  }

  const reportToHistory = async (issues: readonly Issue[]): Promise<void> => {
    if (!options.history) return;
    const observations = uniqueSignatures(issues).map((signature) => ({
      signature,
      example: cut(issues.find((issue) => issueSignature(issue) === signature)?.message ?? '', 200),
    }));
    try {
      await options.history.store.record(options.history.key, observations);
    } catch (cause) {
      onWarning({
        code: 'history_write_failed',
        message: `Could not record the issues of attempt ${used} in the error history of ${workflow.name}@v${workflow.version}`,
        cause,
      });
    }
  };

  /** Builds the record of one reply and saves it before anything else may happen. */
  const saveAttempt = async (attempt: {
    readonly rawOutput: string;
    readonly toolCallId: string | null;
    readonly issues: readonly Issue[];
    readonly response: ModelResponse;
    readonly started: number;
  }): Promise<AttemptRecord> => {
    const { response } = attempt;
    const model = response.model || settings.modelId;
    const raw = capUtf8(attempt.rawOutput, settings.rawOutputCapBytes);
    const record: AttemptRecord = {
      n: used,
      startedAt: new Date(attempt.started).toISOString(),
      durationMs: Math.max(0, now() - attempt.started),
      model,
      strategy,
      maxTokens,
      stopReason: response.stopReason,
      requestId: response.requestId,
      rawOutput: raw.text,
      rawOutputTruncated: raw.truncated,
      toolCallId: attempt.toolCallId,
      issues: [...attempt.issues],
      usage: response.usage,
      costUsd: costOf({ usage: response.usage, model, prices: settings.prices, onWarning: warnOncePerModel }),
    };
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
    const current = failed;
    const request = buildRequest({
      workflow,
      input,
      model: settings.modelId,
      maxTokens,
      strategy,
      lessons: options.lessons ?? [],
      feedbackMaxLines: settings.feedbackMaxLines,
      retry: current
        ? {
            failed: current,
            earlier: records
              .filter((record) => record.n < current.n)
              .map((record) => ({ n: record.n, signatures: uniqueSignatures(record.issues) })),
          }
        : undefined,
    });
    const overrun = budgetOverrun({ budget: options.budget, records, request, prices: settings.prices });
    if (overrun !== null) throw exhausted('budget_exhausted', overrun);
    options.signal?.throwIfAborted();

    const started = now();
    const response = await options.model.generate(
      request,
      options.signal ? { signal: options.signal } : undefined,
    );
    used += 1;
    let validation: ReplyValidation;
    try {
      validation = await validateReply({ response, workflow, input, strategy, toolName });
    } catch (error) {
      if (!(error instanceof RuleCheckError)) throw error;
      // Save the reply first: a retried job checks it again instead of paying for it again.
      const reading = readReply(response, strategy, toolName);
      await saveAttempt({ ...reading, issues: [ruleErrorIssue(error)], response, started });
      throw error;
    }
    const record = await saveAttempt({
      rawOutput: validation.rawOutput,
      toolCallId: validation.toolCallId,
      issues: validation.outcome === 'valid' ? [] : validation.issues,
      response,
      started,
    });

    switch (validation.outcome) {
      case 'valid':
        return succeed(validation);
      case 'refused':
        throw rejected('refused', 'The model refused to answer', validation.issues);
      case 'fatal':
        throw rejected('fatal_rule', fatalMessage(fatalRuleIssues(validation.issues)), validation.issues);
      case 'invalid': {
        await reportToHistory(validation.issues);
        const previous = records.at(-2);
        failed = record;
        if (
          settings.stopOnNoProgress &&
          used < settings.maxAttempts &&
          previous &&
          sameAttempt(previous, record)
        ) {
          throw exhausted(
            'no_progress',
            `Attempts ${previous.n} and ${record.n} gave the same output with the same issues; stopping early`,
          );
        }
        maxTokens = nextMaxTokens(record);
      }
    }
  }
}

function fatalMessage(issues: readonly Issue[]): string {
  const ids = [...new Set(issues.map((issue) => issue.ruleId ?? issue.code))];
  return `A fatal rule failed (${ids.join(', ')}); the data is not in the document`;
}
