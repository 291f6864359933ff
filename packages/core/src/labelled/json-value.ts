import { z } from 'zod';

/** Deepest nesting a JSON value may have (as the JSON checks of corrections allow). */
export const MAX_JSON_DEPTH = 512;

/** Why `value` is no JSON value, or null when it is one. Walks with its own stack: no depth overflows it. */
function jsonProblem(value: unknown): string | null {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [current, depth] = stack.pop() as [unknown, number];
    if (current === null || typeof current === 'string' || typeof current === 'boolean') continue;
    if (typeof current === 'number') {
      if (!Number.isFinite(current)) return 'must be a JSON value (numbers must be finite)';
      continue;
    }
    if (typeof current !== 'object') {
      return 'must be a JSON value: objects, arrays, strings, finite numbers, true, false or null';
    }
    if (depth >= MAX_JSON_DEPTH) return `must be nested at most ${MAX_JSON_DEPTH} levels deep`;
    if (Array.isArray(current)) {
      for (const element of current) stack.push([element, depth + 1]);
      continue;
    }
    const proto = Object.getPrototypeOf(current);
    if (proto !== Object.prototype && proto !== null) return 'must be a JSON value (plain objects only)';
    for (const element of Object.values(current)) stack.push([element, depth + 1]);
  }
  return null;
}

/** Any JSON value (what `JSON.parse` gives), at most {@link MAX_JSON_DEPTH} levels deep. */
export const JsonValue = z.unknown().check((context) => {
  const problem = jsonProblem(context.value);
  if (problem !== null) context.issues.push({ code: 'custom', message: problem, input: context.value });
});
