import { z } from 'zod';

/**
 * How a field is grounded: `off` (not at all), `check` (failures become review reasons) or
 * `require` (failures are issues fed back to the model, spending attempts).
 */
export const GroundingMode = z.enum(['off', 'check', 'require']);
export type GroundingMode = z.infer<typeof GroundingMode>;

/** How an all-numeric date such as `05/03/2026` is read: day first (5 March) or month first (3 May). */
export const DateOrder = z.enum(['day-first', 'month-first']);
export type DateOrder = z.infer<typeof DateOrder>;

/** What a field's value is compared as, when its JSON type alone does not say (a date held in a plain string). */
export const ValueKind = z.enum(['string', 'number', 'date']);
export type ValueKind = z.infer<typeof ValueKind>;

const reviewBelow = z.number().min(0).max(1);

/**
 * Settings for one field, or for every field under an object or array (`lines[]` covers
 * `lines[].sku`). The most specific key that sets a setting wins.
 */
export const FieldGrounding = z.strictObject({
  mode: GroundingMode.optional(),
  /** Compare the value as this kind instead of the one its JSON schema gives. */
  kind: ValueKind.optional(),
  /** For enum fields: the words in the document that stand for each enum value (`{ paid: ['settled'] }`). */
  labels: z.record(z.string(), z.array(z.string().trim().min(1)).min(1)).optional(),
  /** Flag the result for review when this field's confidence is below this (0–1). */
  reviewBelow: reviewBelow.optional(),
  dateOrder: DateOrder.optional(),
});
export type FieldGrounding = z.infer<typeof FieldGrounding>;

/** The object form of a grounding setting. */
export const GroundingConfigObject = z.strictObject({
  mode: GroundingMode,
  dateOrder: DateOrder.optional(),
  reviewBelow: reviewBelow.optional(),
  /** Per-field settings keyed by field pattern (`invoiceNumber`, `lines[].sku`, `lines[]`, `totals`). */
  fields: z.record(z.string(), FieldGrounding).default({}),
});

/**
 * A workflow's grounding setting: a mode for every field (`'require'`), or an object with a mode,
 * workflow-wide defaults and per-field overrides. Parsing always yields the object form.
 */
export const GroundingConfig = z.union([
  GroundingMode.transform((mode) => ({ mode, fields: {} as Record<string, FieldGrounding> })),
  GroundingConfigObject,
]);
/** The normalised setting. */
export type GroundingConfig = z.output<typeof GroundingConfig>;
/** What a workflow may write. */
export type GroundingSetting = z.input<typeof GroundingConfig>;
