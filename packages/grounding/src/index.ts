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
export * from './agree/dates-in';
export * from './agree/number-agreement';
export * from './agree/numbers-in';
export * from './agree/settled-decimal-mark';
export * from './agree/value-agreement';
export * from './check/check-grounding';
export * from './check/grounding-issue';
export * from './confidence/field-confidence';
export * from './confidence/weak-fields';
export * from './grounder/create-grounder';
export * from './locate/grounding-limits';
export * from './locate/quote-location';
export * from './locate/quote-locator';
export * from './plan/evidence-schema';
export * from './plan/grounded-field';
export * from './plan/grounding-plan';
export type { JsonSchema } from './plan/schema-node';
export * from './split/split-evidence';
export * from './text/contains-term';
export * from './text/normalise-text';
export * from './text/word-char';
