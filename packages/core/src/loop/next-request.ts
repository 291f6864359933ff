import type { AttemptRecord } from '../attempts/attempt-record';
import type { ResolvedDocument } from '../document/resolved-document';
import type { Grounder } from '../grounding/grounder';
import type { Lesson } from '../history/lesson';
import type { ModelRung } from '../ladder/model-rung';
import { askedOf } from '../ladder/rung-of';
import type { ModelRequest } from '../model/model-request';
import { effortForAttempt } from '../models/effort-for-attempt';
import type { Effort } from '../models/model-spec';
import { buildRequest } from '../request/build-request';
import { withCacheBreakpoints } from '../request/with-cache-breakpoints';
import type { AnyWorkflow } from '../workflow/define-workflow';
import type { ExtractSettings } from './extract-defaults';
import { type CacheInputs, placementForRequest } from './placement-for-request';
import { retryFeedback } from './retry-feedback';

/** Options of {@link nextRequest}. */
export interface NextRequestOptions {
  readonly workflow: AnyWorkflow;
  readonly input: unknown;
  readonly settings: ExtractSettings;
  /** The model of the ladder this request asks. */
  readonly rung: ModelRung;
  readonly maxTokens: number;
  readonly lessons: readonly Lesson[];
  /** The attempt whose issues this request reports; null before the first failure. */
  readonly failed: AttemptRecord | null;
  /** Every attempt so far, stored ones included. */
  readonly records: readonly AttemptRecord[];
  /** Grounds the replies: its output schema is sent. */
  readonly grounder: Grounder | null;
  /** Decides the cache breakpoints; absent: none are placed. */
  readonly cache?: CacheInputs;
  /** The job's document, when it carries one. */
  readonly document?: ResolvedDocument;
}

/**
 * The next call of a job and the effort it is asked at: the model table's rules for the rung's model
 * (tool choice, tool-call replay), the rung's effort plan's level after the failed attempt (its
 * start when the failed attempt was another model's), cache diagnostics naming the latest attempt's
 * message id, the workflow's fallback models, and the cache breakpoints decided for this attempt
 * (`decideCachePlacement`).
 */
export function nextRequest(options: NextRequestOptions): {
  readonly request: ModelRequest;
  readonly effort: Effort | null;
} {
  const { settings, failed, records, rung } = options;
  const effort = effortForAttempt(rung.effortPlan, failed && askedOf(failed, rung.modelId) ? failed : null);
  const laidOut = buildRequest({
    workflow: options.workflow,
    input: options.input,
    model: rung.modelId,
    maxTokens: options.maxTokens,
    strategy: settings.strategy,
    lessons: options.lessons,
    feedbackMaxLines: settings.feedbackMaxLines,
    retry: retryFeedback(failed, records),
    toolChoice: rung.rules.toolChoice,
    replayToolCalls: rung.rules.replayToolCalls,
    effort,
    previousMessageId: records.at(-1)?.messageId ?? null,
    fallbacks: settings.fallbacks,
    ...(options.document ? { document: options.document } : {}),
    ...(options.grounder ? { outputSchema: options.grounder.outputSchema } : {}),
  });
  if (!options.cache) return { request: laidOut, effort };
  const placement = placementForRequest({
    request: laidOut,
    workflow: options.workflow,
    settings,
    spec: rung.spec,
    attempt: records.length + 1,
    cache: options.cache,
  });
  const request = withCacheBreakpoints(laidOut, placement);
  return { request, effort };
}
