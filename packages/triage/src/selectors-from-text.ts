import { DlqReasonLabel } from '@quarry/queue';
import type { DlqSelectors } from './dlq-selectors';
import { ReplayOptionsError } from './errors/replay-options-error';
import { SelectorError } from './errors/selector-error';
import type { ReplayOverridesInput } from './replay-overrides';
import { parseTimeSelector, timeSelectorForm } from './time-selector';

/** Selectors as text, the way a command line or a form gives them; empty strings count as absent. */
export interface SelectorText {
  /** Comma-separated DLQ ids. */
  readonly ids?: string | undefined;
  readonly fingerprint?: string | undefined;
  readonly workflow?: string | undefined;
  readonly version?: string | undefined;
  readonly reason?: string | undefined;
  /** A duration ago (`2h`) or an ISO date. */
  readonly since?: string | undefined;
  readonly until?: string | undefined;
  readonly limit?: string | undefined;
  readonly all?: boolean | undefined;
}

/** Overrides as text: `latest` or a number for the version. */
export interface OverridesText {
  readonly toVersion?: string | undefined;
  readonly model?: string | undefined;
  readonly maxAttempts?: string | undefined;
}

const present = (value: string | undefined): string | undefined => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : undefined;
};

const positiveInt = (value: string): number | null =>
  /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;

/**
 * Turns selector text into selectors, collecting every problem (names as on the command line:
 * `--version`, …; forms use the same names).
 * @throws SelectorError listing each bad value.
 */
export function selectorsFromText(text: SelectorText, now: number): DlqSelectors {
  const problems: string[] = [];
  const selectors: { -readonly [K in keyof DlqSelectors]: DlqSelectors[K] } = {};
  const ids = present(text.ids);
  if (ids !== undefined) {
    const list = ids
      .split(',')
      .map((id) => id.trim())
      .filter((id) => id !== '');
    if (list.length === 0) problems.push('--ids: give one or more DLQ ids separated by commas');
    else selectors.ids = list;
  }
  const fingerprint = present(text.fingerprint);
  if (fingerprint !== undefined) selectors.fingerprint = fingerprint;
  const workflow = present(text.workflow);
  if (workflow !== undefined) selectors.workflow = workflow;
  const version = present(text.version);
  if (version !== undefined) {
    const parsed = positiveInt(version);
    if (parsed === null) problems.push(`--version: must be a positive integer, got "${version}"`);
    else if (workflow === undefined) problems.push('--version: needs --workflow');
    else selectors.version = parsed;
  }
  const reason = present(text.reason);
  if (reason !== undefined) {
    const parsed = DlqReasonLabel.safeParse(reason);
    if (parsed.success) selectors.reason = parsed.data;
    else problems.push(`--reason: must be one of ${DlqReasonLabel.options.join(', ')}; got "${reason}"`);
  }
  for (const name of ['since', 'until'] as const) {
    const value = present(text[name]);
    if (value === undefined) continue;
    const at = parseTimeSelector(value, now);
    if (at === null) problems.push(`--${name}: must be ${timeSelectorForm}; got "${value}"`);
    else selectors[name] = at;
  }
  if (selectors.since && selectors.until && selectors.since > selectors.until) {
    problems.push('--until: must not be before --since');
  }
  const limit = present(text.limit);
  if (limit !== undefined) {
    const parsed = positiveInt(limit);
    if (parsed === null) problems.push(`--limit: must be a positive integer, got "${limit}"`);
    else selectors.limit = parsed;
  }
  if (text.all) selectors.all = true;
  if (problems.length > 0) throw new SelectorError({ problems });
  return selectors;
}

/**
 * Turns override text into overrides (range checks happen in `replayDlq`, with the same messages for
 * every caller).
 * @throws ReplayOptionsError naming a value that is not a number where one is needed.
 */
export function overridesFromText(text: OverridesText): ReplayOverridesInput {
  const problems: string[] = [];
  const overrides: { -readonly [K in keyof ReplayOverridesInput]: ReplayOverridesInput[K] } = {};
  const toVersion = present(text.toVersion);
  if (toVersion !== undefined) {
    const parsed = toVersion === 'latest' ? 'latest' : positiveInt(toVersion);
    if (parsed === null)
      problems.push(`--to-version: must be "latest" or a positive integer, got "${toVersion}"`);
    else overrides.toVersion = parsed;
  }
  const model = present(text.model);
  if (model !== undefined) overrides.model = model;
  const maxAttempts = present(text.maxAttempts);
  if (maxAttempts !== undefined) {
    const parsed = /^-?\d+$/.test(maxAttempts) ? Number(maxAttempts) : null;
    if (parsed === null) problems.push(`--max-attempts: must be a positive integer, got "${maxAttempts}"`);
    else overrides.maxAttempts = parsed;
  }
  if (problems.length > 0) throw new ReplayOptionsError({ problems });
  return overrides;
}
