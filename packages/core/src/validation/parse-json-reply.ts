import { cut } from '../issues/excerpt';
import type { Issue } from '../issues/issue';
import { locateJsonError } from './locate-json-error';

/** A parsed reply, or the parse issue explaining why it is not JSON. */
export type JsonParse =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issue: Issue };

const fence = /^\s*```[A-Za-z0-9_-]*[ \t]*\r?\n([\s\S]*?)\r?\n[ \t]*```\s*$/;

/**
 * Parses a reply text as JSON without ever throwing. Tolerates one surrounding markdown code fence.
 * An empty reply or a syntax error becomes an issue of source `parse` naming the position.
 */
export function parseJsonReply(text: string): JsonParse {
  const body = fence.exec(text)?.[1] ?? text;
  if (body.trim() === '') {
    return {
      ok: false,
      issue: {
        source: 'parse',
        path: '',
        code: 'empty_reply',
        message: 'The reply was empty; expected a JSON object',
      },
    };
  }
  const located = locateJsonError(body);
  if (located) {
    const from = Math.max(0, located.position - 30);
    return {
      ok: false,
      issue: {
        source: 'parse',
        path: '',
        code: 'invalid_json',
        message: `The reply is not valid JSON: ${located.problem} at line ${located.line}, column ${located.column}`,
        received: cut(JSON.stringify(body.slice(from, located.position + 30)), 80),
      },
    };
  }
  try {
    return { ok: true, value: JSON.parse(body) };
  } catch (cause) {
    return {
      ok: false,
      issue: {
        source: 'parse',
        path: '',
        code: 'invalid_json',
        message: `The reply is not valid JSON: ${cause instanceof Error ? cause.message : String(cause)}`,
      },
    };
  }
}
