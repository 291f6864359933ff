import type { z } from 'zod';
import { RuleCheckError } from '../errors/rule-check-error';
import type { FieldOutcome } from '../grounding/field-outcome';
import type { Grounder } from '../grounding/grounder';
import type { Provenance } from '../grounding/provenance';
import { excerpt } from '../issues/excerpt';
import type { Issue } from '../issues/issue';
import { formatPath } from '../issues/issue-signature';
import type { ModelResponse } from '../model/model-response';
import type { OutputStrategy } from '../model/output-strategy';
import type { AnyWorkflow } from '../workflow/define-workflow';
import type { Rule, RuleFinding } from '../workflow/rule';
import { readReply } from './read-reply';
import { safeParseOutput } from './safe-parse-output';

/** The reply as it is stored and replayed. */
export interface ReplyOutput {
  readonly rawOutput: string;
  readonly toolCallId: string | null;
  /** Where the reply's quotes are in the document; present when grounding ran. */
  readonly provenance?: Provenance;
  /** What grounding found for each value; present when grounding ran. */
  readonly groundingFields?: readonly FieldOutcome[];
}

/**
 * The verdict on one reply:
 * - `valid`: the data passed schema, every retry/fatal rule and grounding of `require` fields;
 *   `reviewReasons` lists failed review rules and grounding doubts;
 * - `invalid`: the model should be told `issues` and try again;
 * - `fatal`: a fatal rule failed, stop without further calls (`issues` holds every rule issue);
 * - `refused`: the model refused (stop reason `refusal`).
 */
export type ReplyValidation =
  | (ReplyOutput & {
      readonly outcome: 'valid';
      readonly data: unknown;
      readonly reviewReasons: readonly string[];
    })
  | (ReplyOutput & { readonly outcome: 'invalid'; readonly issues: readonly Issue[] })
  | (ReplyOutput & { readonly outcome: 'fatal'; readonly issues: readonly Issue[] })
  | (ReplyOutput & { readonly outcome: 'refused'; readonly issues: readonly Issue[] });

export interface ValidateReplyOptions {
  readonly response: ModelResponse;
  readonly workflow: AnyWorkflow;
  /** The job input, passed to rules. */
  readonly input: unknown;
  readonly strategy: OutputStrategy;
  /** Name of the answer tool when the strategy is `tool`. */
  readonly toolName: string;
  /** Ground the reply in this document (the text the model was given). Absent: no grounding. */
  readonly grounding?: {
    readonly grounder: Grounder;
    readonly document: string;
    /** The document's locale (the job's, else the workflow's). */
    readonly locale?: string;
  };
}

/**
 * Validates one reply, in order: refusal, truncation (stop reason `max_tokens`: one issue, nothing
 * else checked), parse, the workflow's zod schema (all issues at once, each with an excerpt of the
 * received value), then, only when the schema passed, every rule (all run, async allowed), then,
 * only when the rules passed, grounding. With grounding, the evidence is split off the parsed reply
 * first and the schema sees the rest. Never throws for a bad reply.
 *
 * @throws RuleCheckError when a rule itself throws.
 */
export async function validateReply(options: ValidateReplyOptions): Promise<ReplyValidation> {
  const { response, workflow, input, strategy, toolName } = options;
  const reading = readReply(response, strategy, toolName);
  const output: ReplyOutput = { rawOutput: reading.rawOutput, toolCallId: reading.toolCallId };
  // Each verdict names its own keys first and spreads `output` last: on Node 20 each key added after
  // a leading spread costs about half a microsecond (V8 issue 11536).

  if (response.stopReason === 'refusal') {
    return {
      outcome: 'refused',
      issues: [
        {
          source: 'parse',
          path: '',
          code: 'refusal',
          message: response.refusalCategory
            ? `The model refused to answer (category ${response.refusalCategory})`
            : 'The model refused to answer',
        },
      ],
      ...output,
    };
  }
  if (response.stopReason === 'max_tokens') {
    const issue: Issue = {
      source: 'truncation',
      path: '',
      code: 'max_tokens',
      message:
        'The reply was cut off at the output token limit before it was complete; answer more concisely',
    };
    return { outcome: 'invalid', issues: [issue], ...output };
  }
  if (!reading.parsed.ok) return { outcome: 'invalid', issues: [reading.parsed.issue], ...output };

  const split = options.grounding?.grounder.split(reading.parsed.value);
  const value = split ? split.data : reading.parsed.value;
  const parsed = await safeParseOutput(workflow.output, value);
  if (!parsed.success) {
    const issues = parsed.error.issues.map(
      (issue): Issue =>
        withReceived(
          { source: 'schema', path: formatPath(issue.path), code: issue.code, message: schemaMessage(issue) },
          valueAt(value, issue.path),
        ),
    );
    return { outcome: 'invalid', issues, ...output };
  }

  const data = parsed.data;
  const checked = await runRules(workflow, data, input);
  const issues: Issue[] = [];
  const reviewReasons: string[] = [];
  let fatal = false;
  for (const { rule, findings } of checked) {
    for (const finding of findings) {
      if (rule.severity === 'review') {
        reviewReasons.push(`${rule.id}: ${finding.path ? `${finding.path}: ` : ''}${finding.message}`);
        continue;
      }
      if (rule.severity === 'fatal') fatal = true;
      issues.push(
        withReceived(
          {
            source: 'rule',
            path: finding.path ?? '',
            code: 'rule_failed',
            ruleId: rule.id,
            message: finding.message,
          },
          finding.received,
        ),
      );
    }
  }
  if (fatal) return { outcome: 'fatal', issues, ...output };
  if (issues.length > 0) return { outcome: 'invalid', issues, ...output };

  const reviewed = withScoreReview(workflow, data, reviewReasons);
  if (!options.grounding || !split) return { outcome: 'valid', data, reviewReasons: reviewed, ...output };
  const { grounder, document, locale } = options.grounding;
  const verdict = grounder.check({ document, data, evidence: split.evidence, locale });
  const grounded: ReplyOutput = {
    provenance: verdict.provenance,
    groundingFields: verdict.fields,
    ...output,
  };
  if (verdict.issues.length > 0) return { outcome: 'invalid', issues: [...verdict.issues], ...grounded };
  return { outcome: 'valid', data, reviewReasons: [...reviewed, ...verdict.reviewReasons], ...grounded };
}

/** The review reasons, and one more when the workflow's `reviewBelow` score field is below its threshold. */
function withScoreReview(workflow: AnyWorkflow, data: unknown, reviewReasons: string[]): string[] {
  const below = workflow.reviewBelow;
  if (below) {
    const score = valueAt(data, below.field.split('.'));
    if (typeof score === 'number' && score < below.threshold) {
      reviewReasons.push(`${below.field} is ${score}, below the review threshold ${below.threshold}`);
    }
  }
  return reviewReasons;
}

interface RuleFindings {
  readonly rule: Rule<unknown, unknown>;
  readonly findings: readonly RuleFinding[];
}

/**
 * Every rule's findings, in rule order. All rules start at once; only those that return a promise
 * are awaited (most rules are synchronous, and a reply is checked on every attempt).
 * @throws RuleCheckError for the first rule (in order) that threw or rejected.
 */
async function runRules(workflow: AnyWorkflow, data: unknown, input: unknown): Promise<RuleFindings[]> {
  const started = workflow.rules.map((rule) => startRule(workflow, rule, data, input));
  if (!started.some(isPromiseLike)) {
    return started.map((entry) => {
      if (entry instanceof RuleCheckError) throw entry;
      return entry as RuleFindings;
    });
  }
  const settled = await Promise.allSettled(started.map((entry) => Promise.resolve(entry)));
  return settled.map((result) => {
    if (result.status === 'rejected') throw result.reason;
    if (result.value instanceof RuleCheckError) throw result.value;
    return result.value;
  });
}

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> =>
  typeof (value as { then?: unknown } | null)?.then === 'function';

/** One rule's findings, a promise of them (an async rule), or the error it threw. */
function startRule(
  workflow: AnyWorkflow,
  rule: Rule<unknown, unknown>,
  data: unknown,
  input: unknown,
): RuleFindings | Promise<RuleFindings> | RuleCheckError {
  const failed = (cause: unknown) =>
    new RuleCheckError({ workflow: workflow.name, version: workflow.version, ruleId: rule.id, cause });
  try {
    const findings = rule.check(data, { input });
    if (!isPromiseLike(findings)) return { rule, findings };
    return Promise.resolve(findings).then(
      (resolved) => ({ rule, findings: resolved }),
      (cause: unknown) => {
        throw failed(cause);
      },
    );
  } catch (cause) {
    return failed(cause);
  }
}

/** Spells out the expected shape of ISO formats, which zod's messages only name. */
const isoShapes: Readonly<Record<string, string>> = {
  date: 'YYYY-MM-DD',
  datetime: 'YYYY-MM-DDTHH:MM:SSZ',
  time: 'HH:MM:SS',
};

function schemaMessage(issue: z.core.$ZodIssue): string {
  const shape = issue.code === 'invalid_format' ? isoShapes[issue.format] : undefined;
  return shape ? `${issue.message} (expected ${shape})` : issue.message;
}

function withReceived(issue: Issue, value: unknown): Issue {
  const received = excerpt(value);
  return received === undefined ? issue : { ...issue, received };
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}
