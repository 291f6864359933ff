import { blankAnswer } from './blank-answer';
import { addEvidence } from './evidence-quotes';
import type { ModelContext } from './model-context';
import type { RecordedRequest } from './recorded-request';
import { type RequestStrategy, strategySchema } from './request-strategy';
import { documentText, requestText } from './request-text';
import type { ResolvedStandinOptions } from './resolve-standin-options';
import { scriptedReply } from './scripted-reply';
import { SimulatedModel } from './simulated-model';
import type { StandinReply } from './standin-reply';

/** Where the stand-in's answers come from: the script, or the simulated model (kept for its counters). */
export interface ReplySource {
  /** Null in scripted mode. */
  readonly model: SimulatedModel | null;
  reply(
    request: RecordedRequest,
    strategy: RequestStrategy,
    context: ModelContext,
  ): Promise<StandinReply> | StandinReply;
}

/** The reply source of the resolved options; the simulated model answers at the request's effort. */
export function replySourceOf(source: ResolvedStandinOptions['source'], seed: number): ReplySource {
  if (source.kind === 'script') {
    return {
      model: null,
      reply: async (request, strategy) =>
        withQuotes(await scriptedReply(source.script, request), request, strategy),
    };
  }
  const model = new SimulatedModel({ simulate: source.simulate, seed });
  return {
    model,
    reply: (request, strategy, context) => {
      const text = requestText(request.body);
      // A document the corpus knows by its bytes is read, as a real model reads images and scans.
      return text.unreadable && !model.find(text)
        ? unreadableReply(strategy)
        : model.reply({
            body: request.body,
            strategy,
            documentKey: request.documentKey,
            effort: context.effort,
          });
    },
  };
}

/** The text of the `unreadable` answer to a request without a schema. */
export const unreadableText =
  'I cannot read any text in this document, so I cannot extract anything from it.';

/**
 * The simulated model's `unreadable` answer, for a document it cannot read (an image, a PDF
 * without a text layer: the stand-in does no OCR): held to a schema (a forced tool, structured
 * outputs) it answers the schema's blank ({@link blankAnswer}), as a constrained model that sees
 * nothing does, so the answer fails the request's validation the same way every attempt; without
 * one, {@link unreadableText}.
 */
function unreadableReply(strategy: RequestStrategy): StandinReply {
  const schema = strategySchema(strategy);
  return schema ? { kind: 'json', value: blankAnswer(schema) } : { kind: 'text', text: unreadableText };
}

/**
 * A scripted JSON answer to a request that asks for evidence, when the script gave none (no
 * `_evidence` of its own): quotes, from the request's document, of the lines that show the scripted
 * values, so scripts written before grounding keep answering grounded workflows. A scripted value
 * the document does not show gets a null quote.
 */
function withQuotes(reply: StandinReply, request: RecordedRequest, strategy: RequestStrategy): StandinReply {
  const schema = strategySchema(strategy);
  const value = reply.kind === 'json' ? reply.value : undefined;
  if (!schema || typeof value !== 'object' || value === null || Array.isArray(value) || '_evidence' in value)
    return reply;
  const quoted = structuredClone(value);
  addEvidence({ value: quoted, truth: value, schema, document: documentText(request.body) });
  return { kind: 'json', value: quoted };
}
