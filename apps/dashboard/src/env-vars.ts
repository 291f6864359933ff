import { z } from 'zod';

/** An integer environment variable within [min, max]; the message names the expected form. */
export const integerVar = (min: number, max: number = Number.MAX_SAFE_INTEGER) => {
  const form = max === Number.MAX_SAFE_INTEGER ? `an integer ≥ ${min}` : `an integer from ${min} to ${max}`;
  return z
    .string()
    .trim()
    .regex(/^-?\d+$/, { error: form })
    .transform(Number)
    .pipe(z.number().int().min(min, { error: form }).max(max, { error: form }));
};

/** A positive decimal number environment variable; `unit` names what it counts, e.g. `hours`. */
export const positiveNumberVar = (unit: string) => {
  const form = `a number of ${unit} > 0`;
  return z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?$/, { error: form })
    .transform(Number)
    .pipe(z.number().positive({ error: form }));
};

const truthy = new Set(['true', '1', 'yes', 'on']);
const booleanWords = ['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'] as const;

/** A switch environment variable: true/false, 1/0, yes/no, on/off (any case). */
export const booleanVar = () =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.enum(booleanWords, { error: 'one of true, false, 1, 0, yes, no, on, off' }))
    .transform((value) => truthy.has(value));

/** A non-empty string environment variable. */
export const textVar = (form: string) => z.string({ error: form }).trim().min(1, { error: form });
