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
  /**
   * Label terms that introduce this field's value in a document (`total`: `['total', 'amount due']`),
   * matched as whole words, case-insensitively. When set, a quote grounds the value only when one
   * of them stands in the quote or just before it (up to 60 characters before, on the same or the
   * previous line) and no other field's term stands nearer the value; for numbers the value must be
   * the first number after the term. Also name them on fields whose mode is `off`: a quote that
   * carries another field's term is then refused for what it is.
   */
  cues: z.array(z.string().trim().min(1).max(60)).min(1).max(50).optional(),
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
  /**
   * Label terms of things the document shows that are not fields of the output
   * (`{ customer: ['bill to'], orderNumber: ['PO'] }`): a quote that these label is refused for
   * every field, naming what it labels.
   */
  otherCues: z
    .record(z.string().min(1).max(60), z.array(z.string().trim().min(1).max(60)).min(1).max(50))
    .optional(),
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
