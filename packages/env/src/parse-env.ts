import { z } from 'zod';
import type { EnvProblem } from './env-problem';
import { scrubSecrets } from './scrub-secrets';

/** An app's environment schema: an object of variables, possibly refined and transformed. */
export type EnvSchema = z.ZodObject | z.ZodPipe<z.ZodObject, z.ZodType>;

/** Environment variables as `process.env` holds them. */
export type Env = Readonly<Record<string, string | undefined>>;

/** Turns a secret value into what may be shown, e.g. `() => '[redacted]'`. */
export type Redactor = (value: string) => string;

/** Options of {@link parseEnv}. */
export interface ParseEnvOptions<Schema extends EnvSchema> {
  /** The app's schema; its output is the parsed value. */
  readonly schema: Schema;
  /** Usually `process.env`. */
  readonly env: Env;
  /** Variables whose values are secrets, with how to show them; others are shown JSON-quoted. */
  readonly redactors?: Readonly<Record<string, Redactor>>;
}

/** What {@link parseEnv} found: the parsed value, or every bad variable. */
export type EnvParseResult<T> =
  | { readonly ok: true; readonly value: T }
  | { readonly ok: false; readonly problems: readonly EnvProblem[] };

/** The variables an environment schema reads (the keys of its object). */
export function envVariables(schema: EnvSchema): string[] {
  return Object.keys((schema instanceof z.ZodPipe ? schema.in : schema).shape);
}

/**
 * Parses the variables of `schema` from `env`. Empty (or blank) variables count as unset. A bad
 * variable becomes an {@link EnvProblem} naming it, the form it expects (the issue's message) and the
 * value found, never echoing a secret: values of `redactors` are shown only through them, and every
 * other value is shown with the credentials of any URL in it masked and API keys removed
 * ({@link scrubSecrets}).
 */
export function parseEnv<Schema extends EnvSchema>(
  options: ParseEnvOptions<Schema>,
): EnvParseResult<z.output<Schema>> {
  const present: Record<string, string> = Object.fromEntries(
    envVariables(options.schema).flatMap((name) => {
      const value = options.env[name];
      return value === undefined || value.trim() === '' ? [] : [[name, value]];
    }),
  );
  const parsed = z.safeParse(options.schema, present);
  // The output of a generic schema stays opaque to TypeScript; `z.safeParse` returns exactly it.
  if (parsed.success) return { ok: true, value: parsed.data as z.output<Schema> };
  const problems = parsed.error.issues.map((issue): EnvProblem => {
    const variable = String(issue.path[0] ?? '(environment)');
    const raw = present[variable];
    const redact = options.redactors?.[variable];
    const received = raw === undefined ? null : redact ? redact(raw) : JSON.stringify(scrubSecrets(raw));
    return { variable, expected: issue.message, received };
  });
  return { ok: false, problems };
}
