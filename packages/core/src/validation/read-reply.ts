import { cut } from '../issues/excerpt';
import type { ModelResponse } from '../model/model-response';
import type { OutputStrategy } from '../model/output-strategy';
import { type JsonParse, parseJsonReply } from './parse-json-reply';

/** What a reply said, before validation: the text to store and replay, and the parsed value or parse issue. */
export interface ReplyReading {
  /** Text parts joined (structured), or the tool input as JSON (tool). */
  readonly rawOutput: string;
  /** Id of the answer tool call, when the strategy is `tool` and the model called it. */
  readonly toolCallId: string | null;
  readonly parsed: JsonParse;
}

/**
 * Reads a reply according to the output strategy. With `structured`, the text parts are joined and
 * parsed as JSON; a reply holding no text but a tool call is `unexpected_tool_call`, naming the tool.
 * With `tool`, the input of the call named `toolName` is the value; a call to another tool is
 * `wrong_tool`, no call at all is `missing_tool_call`, no content is `empty_reply`.
 */
export function readReply(response: ModelResponse, strategy: OutputStrategy, toolName: string): ReplyReading {
  const text = response.content.flatMap((part) => (part.type === 'text' ? [part.text] : [])).join('');
  const calls = response.content.flatMap((part) => (part.type === 'tool_call' ? [part] : []));
  if (strategy === 'structured') {
    const stray = calls[0];
    if (stray && text.trim() === '') {
      return unreadable(
        text,
        'unexpected_tool_call',
        `The reply held a tool_use block named "${shownToolName(stray.name)}" instead of text; answer with the JSON object as text, without calling a tool`,
      );
    }
    return { rawOutput: text, toolCallId: null, parsed: parseJsonReply(text) };
  }
  const answer = calls.find((call) => call.name === toolName);
  if (answer) {
    return {
      rawOutput: toJson(answer.input),
      toolCallId: answer.id,
      parsed: { ok: true, value: answer.input },
    };
  }
  const other = calls[0];
  if (other) {
    return unreadable(
      toJson(other.input),
      'wrong_tool',
      `Called the tool "${shownToolName(other.name)}"; the answer must be given by calling "${toolName}"`,
    );
  }
  if (text.trim() === '') {
    return unreadable(text, 'empty_reply', `The reply was empty; expected a call of the tool "${toolName}"`);
  }
  return unreadable(
    text,
    'missing_tool_call',
    `The reply was text; the answer must be given by calling the tool "${toolName}"`,
  );
}

/** A reading whose reply could not be taken as an answer: a parse issue with `code` and `message`. */
function unreadable(rawOutput: string, code: string, message: string): ReplyReading {
  return {
    rawOutput,
    toolCallId: null,
    parsed: { ok: false, issue: { source: 'parse', path: '', code, message } },
  };
}

/** A tool name the model chose, as an issue message may show it: name characters only, at most 64. */
function shownToolName(name: string): string {
  return cut(name.replace(/[^\w.:-]/g, '?'), 64);
}

function toJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? 'null';
  } catch {
    return String(value);
  }
}
