import { timeSelectorForm } from '@quarry/triage';
import { Option } from 'commander';
import { z } from 'zod';
import { switchFlag, textFlag } from '../flag-schemas';

const heading = 'Selectors (combine with AND):';

/** The DLQ selector options of `dlq list`, `dlq groups` and `replay-dlq`. */
export const selectorOptions = (): Option[] =>
  [
    new Option('--ids <a,b,…>', 'these DLQ ids'),
    new Option('--fingerprint <F>', 'records that failed alike'),
    new Option('-w, --workflow <name>', 'one workflow …'),
    new Option('--version <N>', '… and version (needs --workflow)'),
    new Option(
      '--reason <kind>',
      'validation_exhausted, no_progress, refused, permanent, transient_exhausted, …; refused:<category> for one refusal category (refused:cyber, refused:bio, …)',
    ),
    new Option('--since <when>', `dead-lettered at or after; ${timeSelectorForm}`),
    new Option('--until <when>', 'dead-lettered at or before (same forms)'),
    new Option('--limit <N>', 'at most N records, newest first'),
    new Option('--all', 'every record'),
  ].map((option) => option.helpGroup(heading));

/**
 * The selector flags, as text (a `SelectorText`): `selectorsFromText` (shared with the dashboard)
 * checks them and names every bad one in a `SelectorError`.
 */
export const SelectorFlags = z.object({
  ids: textFlag.optional(),
  fingerprint: textFlag.optional(),
  workflow: textFlag.optional(),
  version: textFlag.optional(),
  reason: textFlag.optional(),
  since: textFlag.optional(),
  until: textFlag.optional(),
  limit: textFlag.optional(),
  all: switchFlag,
});
export type SelectorFlags = z.output<typeof SelectorFlags>;
