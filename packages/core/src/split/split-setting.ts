import { z } from 'zod';
import { MergeRule } from './merge-input';
import { pageWindowDefaults } from './plan-page-windows';

/** Defaults and bounds of a workflow's `split` setting, in one place. */
export const splitDefaults = {
  /** A workflow that names no setting. */
  setting: 'auto',
  /** Pages in a window, and pages neighbouring windows share. */
  window: pageWindowDefaults.window,
  overlap: pageWindowDefaults.overlap,
  maxWindow: pageWindowDefaults.maxWindow,
  onChildFailure: 'dead_letter',
  maxGroups: 64,
  maxPathsPerGroup: 1_000,
  maxPathLength: 500,
  maxEntries: 1_000,
} as const;

const FIELD_PATH = /^[^.[\]]+(\.[^.[\]]+)*$/;
const LEAF_PATH = /^[^.[\]]+(\[\])?(\.[^.[\]]+(\[\])?)*$/;
const dotPath = (form: string, pattern: RegExp) =>
  z
    .string({ error: form })
    .max(splitDefaults.maxPathLength, { error: `${form}, at most ${splitDefaults.maxPathLength} characters` })
    .regex(pattern, { error: form });
const fieldPath = dotPath('a dot path of output properties (vendor.name)', FIELD_PATH);
const leafPath = dotPath(
  'a dot path of output properties, [] after an array (lineItems[].amount)',
  LEAF_PATH,
);
const atMostEntries = (record: Record<string, unknown>) =>
  Object.keys(record).length <= splitDefaults.maxEntries;

const whole = (min: number, max?: number) => {
  const form = max === undefined ? `a whole number from ${min}` : `a whole number from ${min} to ${max}`;
  const number = z.number({ error: form }).int({ error: form }).min(min, { error: form });
  return max === undefined ? number : number.max(max, { error: form });
};

const FieldGroups = z
  .array(
    z
      .array(fieldPath)
      .min(1, { error: 'a group of at least one path' })
      .max(splitDefaults.maxPathsPerGroup, { error: `at most ${splitDefaults.maxPathsPerGroup} paths` }),
  )
  .min(1, { error: 'at least one group' })
  .max(splitDefaults.maxGroups, { error: `at most ${splitDefaults.maxGroups} groups` });

/** Whether the overlap is below the window, judged only when each is valid on its own. */
function overlapBelowWindow(pages: { window?: unknown; overlap?: unknown }): boolean {
  const window = pages.window ?? splitDefaults.window;
  const overlap = pages.overlap ?? splitDefaults.overlap;
  if (!isWholeIn(window, 1, splitDefaults.maxWindow) || !isWholeIn(overlap, 0, Number.MAX_SAFE_INTEGER))
    return true;
  return overlap < window;
}

function isWholeIn(value: unknown, min: number, max: number): value is number {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

/** The object form of {@link SplitSetting}. */
export const SplitSettingObject = z.strictObject({
  /** Page windows: forcing them splits any document longer than `window` pages. */
  pages: z
    .strictObject({
      window: whole(1, splitDefaults.maxWindow).optional(),
      overlap: whole(0).optional(),
    })
    .refine(overlapBelowWindow, { error: 'overlap must be less than window', path: ['overlap'] })
    .optional(),
  /** Groups of output paths, each asked for in its own request; `auto` groups only what does not fit. */
  fields: z
    .unknown()
    .transform((value, ctx): 'auto' | string[][] => {
      if (value === 'auto') return value;
      if (!Array.isArray(value)) {
        ctx.addIssue({ code: 'custom', message: "'auto' or a list of groups of output paths" });
        return z.NEVER;
      }
      const parsed = FieldGroups.safeParse(value);
      if (parsed.success) return parsed.data;
      for (const issue of parsed.error.issues) {
        ctx.addIssue({ code: 'custom', path: issue.path, message: issue.message });
      }
      return z.NEVER;
    })
    .optional(),
  /** For an array path, the item fields that together identify an item. */
  arrayKeys: z
    .record(
      fieldPath,
      z
        .array(z.string().min(1, { error: 'an item field name' }))
        .min(1)
        .max(50),
    )
    .refine(atMostEntries, { error: `at most ${splitDefaults.maxEntries} entries` })
    .optional(),
  /** For a leaf path, how a disagreement between windows is settled. */
  merge: z
    .record(leafPath, MergeRule)
    .refine(atMostEntries, { error: `at most ${splitDefaults.maxEntries} entries` })
    .optional(),
  /** A failed child dead-letters the parent (default), or the parent merges the children that succeeded. */
  onChildFailure: z.enum(['dead_letter', 'partial']).optional(),
});
export type SplitSettingObject = z.infer<typeof SplitSettingObject>;

const SplitMode = z.enum(['auto', 'off']);
const FORM = "'auto', 'off' or { pages, fields, arrayKeys, merge, onChildFailure }";

/**
 * A workflow's `split` option: `'auto'` (the default: split only what must be), `'off'`, or an
 * object setting page windows, field groups, array keys, merge rules and what a failed child does.
 * Paths are dot paths of object properties (`total`, `vendor.name`, `lineItems`); only `merge`
 * names fields of array items (`lineItems[].amount`). An object is parsed as the object form alone,
 * so that its problems are named by path rather than hidden in a union error.
 */
export const SplitSetting = z
  .unknown()
  .transform((value, ctx): z.infer<typeof SplitMode> | SplitSettingObject => {
    const isObject = typeof value === 'object' && value !== null && !Array.isArray(value);
    const parsed = (isObject ? SplitSettingObject : SplitMode).safeParse(value);
    if (parsed.success) return parsed.data;
    for (const issue of parsed.error.issues) {
      ctx.addIssue({ code: 'custom', path: issue.path, message: isObject ? issue.message : FORM });
    }
    return z.NEVER;
  });
export type SplitSetting = z.output<typeof SplitSetting>;

/** A split setting with every default filled in; see {@link resolveSplitSetting}. */
export interface ResolvedSplitSetting {
  /** `set` for the object form. */
  readonly mode: 'auto' | 'off' | 'set';
  /** `forced`: the setting names `pages`, so any document longer than `window` is split. */
  readonly pages: { readonly window: number; readonly overlap: number; readonly forced: boolean };
  readonly fields: 'auto' | readonly (readonly string[])[];
  readonly arrayKeys: Readonly<Record<string, readonly string[]>>;
  readonly merge: Readonly<Record<string, MergeRule>>;
  readonly onChildFailure: 'dead_letter' | 'partial';
}

/**
 * The normalised form of a split setting (`undefined` is {@link splitDefaults}' `'auto'`).
 *
 * @throws TypeError naming every bad value (`split.pages.overlap: overlap must be less than window`).
 */
export function resolveSplitSetting(setting: SplitSetting | undefined): ResolvedSplitSetting {
  const parsed = SplitSetting.safeParse(setting ?? splitDefaults.setting);
  if (!parsed.success) throw new TypeError(splitSettingProblems(parsed.error).join('; '));
  const value = parsed.data;
  const object = typeof value === 'string' ? {} : value;
  return {
    mode: typeof value === 'string' ? value : 'set',
    pages: {
      window: object.pages?.window ?? splitDefaults.window,
      overlap: object.pages?.overlap ?? splitDefaults.overlap,
      forced: object.pages !== undefined,
    },
    fields: object.fields ?? 'auto',
    arrayKeys: object.arrayKeys ?? {},
    merge: object.merge ?? {},
    onChildFailure: object.onChildFailure ?? splitDefaults.onChildFailure,
  };
}

/** Each issue of a failed {@link SplitSetting} parse as `split.<path>: <problem>`. */
export function splitSettingProblems(error: z.ZodError): string[] {
  return error.issues.map((issue) => {
    const where = [
      'split',
      ...issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : String(part))),
    ]
      .join('.')
      .replaceAll('.[', '[');
    return `${where}: ${issue.message}`;
  });
}
