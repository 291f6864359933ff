import { z } from 'zod';
import { EvalRunInfo } from './eval-report';

const ratio = z.number().min(0).max(1);

/** A figure in both runs, and its change (`current` − `baseline`; negative is worse). */
export const EvalChange = z.object({ baseline: ratio, current: ratio, delta: z.number() });
export type EvalChange = z.infer<typeof EvalChange>;

/** A field's F1 in either run: in both, only in the baseline, or only in the current run. */
export const EvalFieldChange = z.discriminatedUnion('type', [
  EvalChange.extend({ type: z.literal('both'), field: z.string() }),
  z.object({ type: z.literal('baseline-only'), field: z.string(), baseline: ratio }),
  z.object({ type: z.literal('current-only'), field: z.string(), current: ratio }),
]);
export type EvalFieldChange = z.infer<typeof EvalFieldChange>;

/** A figure that fell by more than `maxDrop`: the overall F1, the DocuBench score, or a field's F1. */
export const EvalDrop = z.discriminatedUnion('type', [
  EvalChange.extend({ type: z.literal('overall') }),
  EvalChange.extend({ type: z.literal('docubench') }),
  EvalChange.extend({ type: z.literal('field'), field: z.string() }),
]);
export type EvalDrop = z.infer<typeof EvalDrop>;

/** The gate: `pass`, or `fail` with every drop (overall first, then DocuBench, then fields by path). */
export const EvalVerdict = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pass') }),
  z.object({ type: z.literal('fail'), drops: z.array(EvalDrop).min(1) }),
]);
export type EvalVerdict = z.infer<typeof EvalVerdict>;

/** What was compared: each run's metadata and how many items it ran. */
export const EvalComparedRun = EvalRunInfo.pick({
  runId: true,
  set: true,
  workflow: true,
  model: true,
  lane: true,
  lessons: true,
  scoring: true,
  aborted: true,
}).extend({ itemsRun: z.int().min(0) });
export type EvalComparedRun = z.infer<typeof EvalComparedRun>;

/**
 * A run against its baseline (`compareEvalReports`): the overall F1 (and the DocuBench score when both
 * runs have one), every field's F1 in order of path, which of the runs' settings differ (`differs`),
 * and the verdict at `maxDrop`.
 */
export const EvalComparison = z.object({
  baseline: EvalComparedRun,
  current: EvalComparedRun,
  maxDrop: ratio,
  differs: z.array(z.enum(['set', 'workflow', 'model', 'lane', 'lessons', 'scoring', 'items'])),
  overall: EvalChange,
  docubench: EvalChange.nullable(),
  fields: z.array(EvalFieldChange),
  verdict: EvalVerdict,
});
export type EvalComparison = z.infer<typeof EvalComparison>;
