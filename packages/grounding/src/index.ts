// The setting and the provenance schema live in @quarry/core (a workflow names its setting there);
// they are re-exported here so that grounding's whole API comes from one import.
export {
  DateOrder,
  FieldGrounding,
  FieldOutcome,
  FieldStatus,
  GroundingConfig,
  GroundingConfigError,
  GroundingConfigObject,
  GroundingMode,
  type GroundingSetting,
  Provenance,
  ProvenanceEntry,
  parseGroundingConfig,
  ValueKind,
} from '@quarry/core';
export { type DateReading, datesIn } from './agree/dates-in';
export { type NumberAgreementOptions, numberAgreement } from './agree/number-agreement';
export {
  type DecimalMark,
  type NumberReading,
  numberReadings,
  numbersIn,
  sameAmount,
} from './agree/numbers-in';
export {
  type SettledDecimalMark,
  type SettledDecimalMarkOptions,
  settledDecimalMark,
} from './agree/settled-decimal-mark';
export { type Agreement, type ValueAgreementOptions, valueAgreement } from './agree/value-agreement';
export { type CheckGroundingOptions, checkGrounding, type GroundingCheck } from './check/check-grounding';
export {
  type GroundingCode,
  type GroundingIssueOptions,
  groundingIssue,
  type NotFoundMessageOptions,
  notFoundMessage,
} from './check/grounding-issue';
export { type FieldConfidence, fieldConfidence } from './confidence/field-confidence';
export { type WeakFieldsOptions, weakFieldReason, weakFields } from './confidence/weak-fields';
export { type CreateGrounderOptions, createGrounder } from './grounder/create-grounder';
export { defaultGroundingLimits, GroundingLimits, groundingLimits } from './locate/grounding-limits';
export type { MatchKind, NotFoundReason, QuoteLocation } from './locate/quote-location';
export { createQuoteLocator, type QuoteLocator, type QuoteLocatorOptions } from './locate/quote-locator';
export { EVIDENCE_DESCRIPTION, evidenceSchema } from './plan/evidence-schema';
export {
  EVIDENCE_KEY,
  type GroundedField,
  type GroundedKind,
  type GroundingShape,
} from './plan/grounded-field';
export { type GroundingPlan, type GroundingPlanOptions, groundingPlan } from './plan/grounding-plan';
export type { JsonSchema } from './plan/schema-node';
export {
  type Evidence,
  type SplitEvidenceOptions,
  type SplitReply,
  splitEvidence,
} from './split/split-evidence';
export { containsTerm } from './text/contains-term';
export { type NormalisedText, normaliseText, originalRange, type TextRange } from './text/normalise-text';
export { expandToWords, isWordChar, pointAt, pointBefore } from './text/word-char';
