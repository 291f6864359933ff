import type { GroundingConfig } from '@quarry/core';

/** One label term and the field pattern it belongs to. */
export interface OwnedCue {
  readonly cue: string;
  readonly owner: string;
}

/**
 * Every label term the workflow names (`fields.<key>.cues`, whatever the key's mode, and
 * `otherCues`), with the key that names it, for telling a field's own terms from another field's.
 */
export function cueOwners(config: GroundingConfig): readonly OwnedCue[] {
  const fields = Object.entries(config.fields).map(
    ([owner, settings]) => [owner, settings.cues ?? []] as const,
  );
  const others = Object.entries(('otherCues' in config && config.otherCues) || {});
  return [...fields, ...others].flatMap(([owner, cues]) => cues.map((cue) => ({ cue, owner })));
}
