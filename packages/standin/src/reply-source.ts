import type { ModelContext } from './model-context';
import type { RecordedRequest } from './recorded-request';
import type { RequestStrategy } from './request-strategy';
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
    return { model: null, reply: (request) => scriptedReply(source.script, request) };
  }
  const model = new SimulatedModel({ simulate: source.simulate, seed });
  return {
    model,
    reply: (request, strategy, context) =>
      model.reply({ body: request.body, strategy, documentKey: request.documentKey, effort: context.effort }),
  };
}
