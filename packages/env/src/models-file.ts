import { ModelId, ModelSpec, type ModelTable } from '@quarry/core';
import type { z } from 'zod';
import type { EnvProblem } from './env-problem';
import type { EnvParseResult } from './parse-env';

/** The environment variable naming the models file. */
export const modelsFileVariable = 'QUARRY_MODELS_FILE';

/** Model entries a models file may hold. */
export const maxModelsFileEntries = 500;

/** Entries as a file gives them: every field of a model entry, no other. */
const FileEntry = ModelSpec.strict();

/** Text as a terminal may show it: control characters escaped, at most `max` characters. */
export function neutralText(text: string, max = 120): string {
  const escaped = JSON.stringify(text).slice(1, -1);
  return escaped.length > max ? `${escaped.slice(0, max)}…` : escaped;
}

/** A value found in the file, as the problem shows it: JSON (control characters escaped), shortened. */
function shown(value: unknown): string | null {
  if (value === undefined) return null;
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 60 ? `${json.slice(0, 60)}…` : json;
}

function valueAt(value: unknown, path: readonly PropertyKey[]): unknown {
  let current = value;
  for (const key of path) {
    if (typeof current !== 'object' || current === null) return undefined;
    current = (current as Record<PropertyKey, unknown>)[key];
  }
  return current;
}

/** What the field must be, from a zod issue: the schema's own words, else one built from the issue. */
function expectedForm(issue: z.core.$ZodIssue): string {
  if (issue.code === 'invalid_value')
    return `one of ${issue.values.map((v) => JSON.stringify(v)).join(', ')}`;
  if (issue.code === 'unrecognized_keys') return 'only the fields of a model entry (see docs/models.md)';
  if (issue.code === 'invalid_type' && issue.message.startsWith('Invalid input'))
    return `a value of type ${issue.expected}`;
  return issue.message;
}

const problem = (expected: string, received: string | null): EnvProblem => ({
  variable: modelsFileVariable,
  expected,
  received,
});

/** Options of {@link parseModelsFile}. */
export interface ParseModelsFileOptions {
  /** The file's text. */
  readonly text: string;
  /** The table the file's entries are merged over (usually `defaultModelTable`). */
  readonly base: ModelTable;
}

/**
 * Reads a models file: a JSON object of entries by model id. An entry for a model of `base` replaces
 * the fields it names (each field whole: `prices` needs all five prices); an entry for another model
 * needs every field. Every bad entry or field is a problem naming the entry, the field, what it
 * must be and what was found.
 */
export function parseModelsFile(options: ParseModelsFileOptions): EnvParseResult<ModelTable> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(options.text);
  } catch (error) {
    return {
      ok: false,
      problems: [
        problem('a JSON file of model entries', `not JSON (${neutralText((error as Error).message)})`),
      ],
    };
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    const kind = Array.isArray(parsed) ? 'an array' : parsed === null ? 'null' : `a ${typeof parsed}`;
    return { ok: false, problems: [problem('a JSON object of model entries by model id', kind)] };
  }
  const entries = Object.entries(parsed);
  if (entries.length > maxModelsFileEntries)
    return {
      ok: false,
      problems: [problem(`at most ${maxModelsFileEntries} model entries`, `${entries.length} entries`)],
    };
  const problems: EnvProblem[] = [];
  const table: ModelTable = { ...options.base };
  for (const [id, entry] of entries) {
    const idCheck = ModelId.safeParse(id);
    if (!idCheck.success) {
      problems.push(problem(`entry ids to be ${idCheck.error.issues[0]?.message}`, shown(id)));
      continue;
    }
    const label = `entry ${JSON.stringify(id)}`;
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      problems.push(problem(`${label} to be an object of model fields`, shown(entry)));
      continue;
    }
    const base = Object.hasOwn(options.base, id) ? options.base[id] : undefined;
    const merged = { ...base, ...entry };
    const spec = FileEntry.safeParse(merged);
    if (spec.success) {
      table[id] = spec.data;
      continue;
    }
    for (const issue of spec.error.issues) {
      const field = issue.path.map(String).join('.');
      const found =
        issue.code === 'unrecognized_keys'
          ? shown(issue.keys.join(', '))
          : shown(valueAt(merged, issue.path));
      problems.push(problem(`${label}${field ? ` field ${field}` : ''} to be ${expectedForm(issue)}`, found));
    }
  }
  if (problems.length === 0) return { ok: true, value: table };
  // A value breaking two checks with one wording (an unsafe integer: not whole, too large) is told once.
  const unique = [...new Map(problems.map((p) => [`${p.expected}\u0000${p.received}`, p])).values()];
  return { ok: false, problems: unique };
}
