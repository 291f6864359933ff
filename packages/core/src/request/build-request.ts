import type { AttemptRecord } from '../attempts/attempt-record';
import type { ResolvedDocument } from '../document/resolved-document';
import { type EarlierAttempt, renderFeedback } from '../feedback/render-feedback';
import { renderLessons } from '../feedback/render-lessons';
import type { Lesson } from '../history/lesson';
import type { ContentPart, ModelMessage, ModelRequest } from '../model/model-request';
import type { OutputStrategy } from '../model/output-strategy';
import type { Effort } from '../models/model-spec';
import { toOutputJsonSchema } from '../schema/to-output-json-schema';
import type { AnyWorkflow } from '../workflow/define-workflow';
import type { CachePlacement } from './cache-placement';
import { documentBlock } from './document-block';
import { documentOf } from './document-of';
import { renderExamples } from './render-examples';
import { toolNameFor } from './tool-name-for';
import { withCacheBreakpoints } from './with-cache-breakpoints';

/** The latest failed reply, as stored: what is replayed and what was wrong with it. */
export type FailedReply = Pick<AttemptRecord, 'rawOutput' | 'rawOutputTruncated' | 'toolCallId' | 'issues'>;

export interface BuildRequestOptions {
  readonly workflow: AnyWorkflow;
  readonly input: unknown;
  readonly model: string;
  readonly maxTokens: number;
  readonly strategy: OutputStrategy;
  readonly lessons?: readonly Lesson[];
  /** Present from the second attempt on. */
  readonly retry?: { readonly failed: FailedReply; readonly earlier: readonly EarlierAttempt[] };
  /** Feedback lines before "…and N more". Default 20. */
  readonly feedbackMaxLines?: number;
  /** How the `tool` strategy asks for its tool. Default `forced`. */
  readonly toolChoice?: 'forced' | 'auto';
  /** Replay a failed tool call as `tool_use` + `tool_result` (else as text). Default true. */
  readonly replayToolCalls?: boolean;
  /** `output_config.effort` of this call; none when absent or null. */
  readonly effort?: Effort | null;
  /**
   * Opt into cache diagnostics, naming the previous attempt's message id (null: none yet). Absent:
   * no diagnostics are asked for.
   */
  readonly previousMessageId?: string | null;
  /** Server-side fallback models. Default none. */
  readonly fallbacks?: readonly string[];
  /** The output schema to send (a grounder's, asking for evidence). Default `toOutputJsonSchema(workflow.output)`. */
  readonly outputSchema?: Record<string, unknown>;
  /** Which cache breakpoints to mark (see `decideCachePlacement`). Default: none. */
  readonly cache?: CachePlacement;
  /** The job's document (a PDF or an image) when it carries one: it leads the first turn, before any text. */
  readonly document?: ResolvedDocument;
}

/**
 * Lays out one model call. The prefix shared by every job of the workflow version is the output
 * schema and the system prompt (instructions, output contract, few-shot examples); the cache's
 * `shared` breakpoint ends it, so lessons and feedback never change it. The first user turn is the
 * document (fenced so its text cannot end its block: see {@link documentBlock}), the lessons (a
 * separate part) and the task — the same on every attempt of the job — ended by the `document`
 * breakpoint when the placement says so; a retry's failed reply and feedback follow it. A retry sends that same first turn, then only
 * the latest failed reply and its feedback: with `tool`, the exact tool call answered by a
 * `tool_result` with `isError`; with `structured`, the reply text and the feedback as a user turn
 * (also with `tool` when `replayToolCalls` is false). Earlier attempts appear only as one-line
 * summaries inside the feedback. The last message is always a user turn: nothing is ever
 * prefilled. Effort, cache diagnostics and fallbacks pass through as given. A job's document (a PDF
 * or an image, by file id or base64) leads the first turn, before its text if it has any.
 */
export function buildRequest(options: BuildRequestOptions): ModelRequest {
  const { workflow, strategy } = options;
  const toolName = toolNameFor(workflow);
  const lessons = renderLessons(options.lessons ?? []);
  const first: ModelMessage = {
    role: 'user',
    content: [
      ...documentParts(options),
      ...(lessons === '' ? [] : [{ type: 'text' as const, text: lessons }]),
      { type: 'text', text: taskText(strategy, toolName) },
    ],
  };
  const request: ModelRequest = {
    model: options.model,
    maxTokens: options.maxTokens,
    strategy,
    toolName,
    outputSchema: options.outputSchema ?? toOutputJsonSchema(workflow.output),
    system: systemText(workflow, strategy, toolName),
    messages: options.retry ? [first, ...retryTurns(options, toolName, options.retry)] : [first],
    ...(strategy === 'tool' && options.toolChoice === 'auto' ? { toolChoice: 'auto' as const } : {}),
    ...(options.effort ? { effort: options.effort } : {}),
    ...(options.previousMessageId !== undefined
      ? { diagnostics: { previousMessageId: options.previousMessageId } }
      : {}),
    ...(options.fallbacks && options.fallbacks.length > 0 ? { fallbacks: [...options.fallbacks] } : {}),
  };
  return options.cache ? withCacheBreakpoints(request, options.cache) : request;
}

/** The stable first parts: the document block, its text, or both (breakpoints are placed by `withCacheBreakpoints`). */
function documentParts(options: BuildRequestOptions): ContentPart[] {
  const { document, workflow, input } = options;
  if (!document) return [{ type: 'text', text: documentBlock(documentOf(workflow, input)) }];
  const text = inputText(input);
  const block: ContentPart = {
    type: 'document',
    mediaType: document.mediaType,
    ref: document.ref,
    estimatedTokens: document.estimatedTokens,
  };
  return text === null
    ? [block]
    : [block, { type: 'text', text: documentBlock(documentOf(workflow, input)) }];
}

function inputText(input: unknown): string | null {
  const text = typeof input === 'object' && input !== null ? (input as { text?: unknown }).text : undefined;
  return typeof text === 'string' ? text : null;
}

function retryTurns(
  options: BuildRequestOptions,
  toolName: string,
  retry: NonNullable<BuildRequestOptions['retry']>,
): ModelMessage[] {
  const { failed } = retry;
  const feedback = renderFeedback({
    issues: failed.issues,
    earlier: retry.earlier,
    maxLines: options.feedbackMaxLines ?? 20,
  });
  if (failed.rawOutputTruncated) {
    return [userText(`Your previous reply was too long to repeat here.\n${feedback}`)];
  }
  if (options.strategy === 'tool' && failed.toolCallId !== null && options.replayToolCalls !== false) {
    const input = parseStored(failed.rawOutput);
    if (input.ok) {
      const call: ContentPart = {
        type: 'tool_call',
        id: failed.toolCallId,
        name: toolName,
        input: input.value,
      };
      const result: ContentPart = {
        type: 'tool_result',
        toolCallId: failed.toolCallId,
        text: feedback,
        isError: true,
      };
      return [
        { role: 'assistant', content: [call] },
        { role: 'user', content: [result] },
      ];
    }
  }
  if (failed.rawOutput.trim() === '') return [userText(feedback)];
  return [{ role: 'assistant', content: [{ type: 'text', text: failed.rawOutput }] }, userText(feedback)];
}

function userText(text: string): ModelMessage {
  return { role: 'user', content: [{ type: 'text', text }] };
}

function parseStored(raw: string): { ok: true; value: unknown } | { ok: false } {
  try {
    return { ok: true, value: JSON.parse(raw) };
  } catch {
    return { ok: false };
  }
}

function systemText(workflow: AnyWorkflow, strategy: OutputStrategy, toolName: string): string {
  const examples = renderExamples(workflow.examples ?? []);
  const head = `${workflow.instructions.trim()}\n\n${outputContract(strategy, toolName)}`;
  return examples === '' ? head : `${head}\n\n${examples}`;
}

function outputContract(strategy: OutputStrategy, toolName: string): string {
  const answer =
    strategy === 'tool'
      ? `Answer only by calling the tool "${toolName}" once, with the extracted data as its input, conforming to its input schema.`
      : 'Answer with one JSON object conforming to the output schema, and nothing else: no prose, no markdown.';
  return [
    `Output contract: ${answer}`,
    'Use only information found in the document; never invent values.',
    'If the answer is rejected you will be told exactly what was wrong; fix those points and answer again with the complete data.',
  ].join(' ');
}

function taskText(strategy: OutputStrategy, toolName: string): string {
  return strategy === 'tool'
    ? `Extract the data from the document above and call "${toolName}" with it.`
    : 'Extract the data from the document above and answer with the JSON object.';
}
