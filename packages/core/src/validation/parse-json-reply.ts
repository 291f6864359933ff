import { cut } from '../issues/excerpt';
import type { Issue } from '../issues/issue';
import { type JsonErrorLocation, locateJsonError } from './locate-json-error';

/** A parsed reply, or the parse issue explaining why it is not JSON. */
export type JsonParse =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly issue: Issue };

/** Deepest nesting a reply may have (as `locateJsonError` allows). */
const MAX_DEPTH = 512;

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
  let value: unknown;
  try {
    value = JSON.parse(body);
  } catch (cause) {
    // Only a reply that is not JSON is scanned, to say where and why in engine-neutral words.
    return notJson(body, locateJsonError(body), cause);
  }
  // JSON.parse takes any depth: a text deep enough to break the scan's depth limit is scanned too.
  if (nestedDeeperThan(body, MAX_DEPTH)) {
    const located = locateJsonError(body);
    if (located) return notJson(body, located, null);
  }
  return { ok: true, value };
}

/** The parse issue of a reply that is not JSON: where the scan stopped, else what JSON.parse said. */
function notJson(body: string, located: JsonErrorLocation | null, cause: unknown): JsonParse {
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

/**
 * True when a JSON text nests objects or arrays deeper than `max` (brackets inside strings do not
 * count). Cheap: one pass over the character codes, nothing allocated; a short text cannot be deep.
 */
function nestedDeeperThan(text: string, max: number): boolean {
  if (text.length <= 2 * max) return false;
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      // A backslash escapes the next character; a quote ends the string.
      if (c === 92) i++;
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 123 || c === 91) {
      depth++;
      if (depth > max) return true;
    } else if (c === 125 || c === 93) depth--;
  }
  return false;
}
