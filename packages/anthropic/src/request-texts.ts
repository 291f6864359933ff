import type { ModelRequest } from '@quarry/core';

/**
 * Every text a request carries (system prompt, document, lessons, feedback, replayed replies and
 * tool inputs): what an upstream error must never be allowed to repeat into a log or a record.
 */
export function requestTexts(request: ModelRequest): string[] {
  const texts = [request.system];
  for (const message of request.messages) {
    for (const part of message.content) {
      if (part.type === 'tool_call') texts.push(JSON.stringify(part.input) ?? '');
      else if (part.type !== 'document') texts.push(part.text);
    }
  }
  return texts;
}
