import type { CacheMissReason } from '../model/cache-miss-reason';
import type { ModelClient } from '../model/model-client';
import type { ModelRequest } from '../model/model-request';
import type { ModelResponse, ResponsePart, StopReason } from '../model/model-response';
import type { RefusalCategory } from '../model/refusal-category';
import { emptyUsage, type Usage } from '../model/usage';

/**
 * A scripted reply. `json` follows the request's strategy: JSON text for `structured`, the input of
 * a call of the request's answer tool for `tool`. `text` and `toolCalls` give exact content instead.
 */
export interface FakeReply {
  readonly json?: unknown;
  readonly text?: string;
  readonly toolCalls?: readonly { readonly id?: string; readonly name?: string; readonly input: unknown }[];
  /** Default `end_turn` (`tool_use` when the reply calls a tool). */
  readonly stopReason?: StopReason | null;
  /** Default 100 input and 20 output tokens. */
  readonly usage?: Partial<Usage>;
  /** Default the requested model. */
  readonly model?: string;
  /** Default `req_fake_<call>`. */
  readonly requestId?: string | null;
  /** Default `msg_fake_<call>`. */
  readonly messageId?: string | null;
  /** A thinking block before the answer. */
  readonly thinking?: string;
  readonly refusalCategory?: RefusalCategory | null;
  readonly cacheMissReason?: CacheMissReason | null;
  /** The model asked for, when the reply says a fallback model (`model`) answered. */
  readonly fallbackFrom?: string | null;
  readonly usageByModel?: ModelResponse['usageByModel'];
}

/** One step of a script: a reply, an error to throw (e.g. a `ModelTransportError`), or a function of the request. */
export type FakeStep =
  | FakeReply
  | Error
  | ((request: ModelRequest, call: number) => FakeReply | Error | Promise<FakeReply | Error>);

/** A whole script: steps in order (one per call), or one function for every call. */
export type FakeScript =
  | readonly FakeStep[]
  | ((request: ModelRequest, call: number) => FakeReply | Error | Promise<FakeReply | Error>);

/**
 * A {@link ModelClient} that answers from a script and records every request it was sent
 * (`requests`, in order). Calls beyond the end of a list script fail with a clear error.
 */
export class FakeModelClient implements ModelClient {
  /** Every request received, in order. */
  readonly requests: ModelRequest[] = [];
  readonly #script: FakeScript;

  constructor(script: FakeScript) {
    this.#script = script;
  }

  /** Number of calls so far. */
  get calls(): number {
    return this.requests.length;
  }

  async generate(request: ModelRequest): Promise<ModelResponse> {
    this.requests.push(request);
    const call = this.requests.length;
    let step: FakeStep | undefined;
    if (typeof this.#script === 'function') {
      step = this.#script;
    } else {
      step = this.#script[call - 1];
      if (step === undefined) {
        throw new Error(
          `FakeModelClient: the script has ${this.#script.length} replies, but call ${call} was made`,
        );
      }
    }
    const reply = typeof step === 'function' ? await step(request, call) : step;
    if (reply instanceof Error) throw reply;
    return toResponse(reply, request, call);
  }
}

function toResponse(reply: FakeReply, request: ModelRequest, call: number): ModelResponse {
  const content: ResponsePart[] = [];
  if (reply.thinking !== undefined) content.push({ type: 'thinking', text: reply.thinking });
  if (reply.text !== undefined) content.push({ type: 'text', text: reply.text });
  if (reply.json !== undefined) {
    if (request.strategy === 'tool') {
      content.push({
        type: 'tool_call',
        id: `toolu_fake_${call}`,
        name: request.toolName,
        input: reply.json,
      });
    } else {
      content.push({ type: 'text', text: JSON.stringify(reply.json) });
    }
  }
  for (const [i, toolCall] of (reply.toolCalls ?? []).entries()) {
    content.push({
      type: 'tool_call',
      id: toolCall.id ?? `toolu_fake_${call}_${i + 1}`,
      name: toolCall.name ?? request.toolName,
      input: toolCall.input,
    });
  }
  const calledTool = content.some((part) => part.type === 'tool_call');
  return {
    content,
    stopReason: reply.stopReason === undefined ? (calledTool ? 'tool_use' : 'end_turn') : reply.stopReason,
    usage: { ...emptyUsage(), inputTokens: 100, outputTokens: 20, ...reply.usage },
    requestId: reply.requestId === undefined ? `req_fake_${call}` : reply.requestId,
    model: reply.model ?? request.model,
    messageId: reply.messageId === undefined ? `msg_fake_${call}` : reply.messageId,
    refusalCategory: reply.refusalCategory ?? null,
    cacheMissReason: reply.cacheMissReason ?? null,
    fallbackFrom: reply.fallbackFrom ?? null,
    ...(reply.usageByModel ? { usageByModel: reply.usageByModel } : {}),
  };
}
