import { ModelId } from '@quarry/core';
import { z } from 'zod';

/** An integer environment variable within [min, max]; the message names the expected form. */
export const integerVar = (min: number, max: number = Number.MAX_SAFE_INTEGER) => {
  const form = max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^-?\d+$/, { error: form })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: form }).max(max, { error: form }))
    .meta({ type: form });
};

/**
 * A positive decimal number environment variable; `unit`, when given, names what it counts
 * (`hours` → "a number of hours > 0").
 */
export const positiveNumberVar = (unit?: string) => {
  const form = unit === undefined ? 'a number > 0' : `a number of ${unit} > 0`;
  return z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, { error: form })
    .transform(Number)
    .pipe(z.number().positive({ error: form }))
    .meta({ type: form });
};

const truthy = new Set(['true', '1', 'yes', 'on']);
const booleanWords = ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'] as const;

/** A boolean environment variable: true/false, 1/0, yes/no, on/off (any case). */
export const booleanVar = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(booleanWords, { error: 'one of true, false, 1, 0, yes, no, on, off' }))
    .transform((value) => truthy.has(value))
    .meta({ type: 'a boolean: true/false, 1/0, yes/no, on/off' });

/**
 * A URL environment variable whose scheme is one of `protocols` (e.g. `['redis:', 'rediss:']`), named
 * in the error, or one of `alsoAccepted` (less common forms the documentation describes).
 */
export const urlVar = (
  protocols: readonly string[],
  example: string,
  alsoAccepted: readonly string[] = [],
) => {
  const form = `a ${protocols.map((p) => p.replace(/:$/, '://')).join(' or ')} URL, e.g. ${example}`;
  const accepted = [...protocols, ...alsoAccepted];
  return z
    .string()
    .trim()
    .refine((value) => URL.canParse(value) && accepted.includes(new URL(value).protocol), { error: form })
    .meta({
      type:
        alsoAccepted.length === 0
          ? form
          : `${form} (also ${alsoAccepted.map((p) => p.replace(/:$/, '://')).join(', ')})`,
    });
};

/** A non-empty string environment variable; `form` describes it in the error. */
export const textVar = (form: string) =>
  z.string({ error: form }).trim().min(1, { error: form }).meta({ type: form });

/** A model id environment variable (e.g. `QUARRY_MODEL`), in the form the model table allows. */
export const modelIdVar = () =>
  z
    .string({ error: 'a model id, e.g. claude-haiku-5-5' })
    .trim()
    .pipe(ModelId)
    .meta({ type: 'a model id, e.g. claude-haiku-5-5' });
