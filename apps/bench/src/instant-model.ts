import {
  type ContentPart,
  type ModelClient,
  type ModelRequest,
  type ModelResponse,
  ModelTransportError,
} from '@quarry/core';
import type { BenchCorpus } from './bench-corpus';

const tokens = (characters: number): number => Math.ceil(characters / 4);

/** A document block: `<document>` or a fence such as `<document-1a2b3c4d>`, the text, the matching close. */
const DOCUMENT_BLOCK = /^<(document(?:-[0-9a-f]{8})?)>\n([\s\S]*)\n<\/\1>$/;

/** The document block of a request (the first part of the first user turn), without its tags. */
function documentOf(request: ModelRequest): string {
  const first = request.messages[0]?.content[0];
  const text = first?.type === 'text' ? first.text : '';
  return DOCUMENT_BLOCK.exec(text)?.[2] ?? text;
}

function requestCharacters(request: ModelRequest): number {
  const part = (content: ContentPart): number =>
    content.type === 'text'
      ? content.text.length
      : content.type === 'tool_result'
        ? content.text.length
        : content.type === 'document'
          ? JSON.stringify(content.ref).length
          : JSON.stringify(content.input).length;
  return (
    request.system.length +
    JSON.stringify(request.outputSchema).length +
    request.messages.reduce((sum, message) => sum + message.content.reduce((s, c) => s + part(c), 0), 0)
  );
}

/**
 * A model that answers every bench document with its true output at once, in-process: the pipeline
 * overhead benchmark measures everything but the model. Usage is estimated at 4 characters a token.
 * @throws ModelTransportError (permanent) for a document outside the corpus.
 */
export function createInstantModel(corpus: BenchCorpus): ModelClient {
  return {
    async generate(request: ModelRequest): Promise<ModelResponse> {
      const truth = corpus.truthOf(documentOf(request));
      if (truth === undefined) {
        throw new ModelTransportError({
          kind: 'permanent',
          message: 'The instant model knows no such document',
          status: 400,
        });
      }
      const json = JSON.stringify(truth);
      const usage = {
        inputTokens: tokens(requestCharacters(request)),
        outputTokens: tokens(json.length),
        cacheCreationInputTokens: 0,
        cacheReadInputTokens: 0,
      };
      return request.strategy === 'tool'
        ? {
            content: [{ type: 'tool_call', id: 'toolu_instant', name: request.toolName, input: truth }],
            stopReason: 'tool_use',
            usage,
            requestId: null,
            model: request.model,
          }
        : {
            content: [{ type: 'text', text: json }],
            stopReason: 'end_turn',
            usage,
            requestId: null,
            model: request.model,
          };
    },
  };
}
