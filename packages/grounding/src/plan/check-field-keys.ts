import type { GroundingConfig } from '@quarry/core';
import type { GroundedKind } from './grounded-field';

/** What the output schema has at a field pattern. */
export type KnownPath =
  | { readonly kind: 'container' }
  | { readonly kind: GroundedKind | 'ungroundable'; readonly enumValues: readonly string[] };

/**
 * The problems of the `fields` keys of a grounding setting against the patterns an output schema
 * has: keys naming no field, modes on leaves that cannot be quoted, labels for anything but an
 * enum (or for values it does not have), and `kind` on anything but a string or number leaf.
 */
export function checkFieldKeys(config: GroundingConfig, known: ReadonlyMap<string, KnownPath>): string[] {
  const problems: string[] = [];
  const listed = [...known.keys()].filter((pattern) => pattern !== '').join(', ');
  for (const [key, settings] of Object.entries(config.fields)) {
    const at = `grounding.fields[${JSON.stringify(key)}]`;
    const path = known.get(key);
    if (!path) {
      problems.push(`${at}: the output schema has no field "${key}" (fields: ${listed})`);
      continue;
    }
    if (path.kind === 'ungroundable' && settings.mode !== undefined && settings.mode !== 'off') {
      problems.push(`${at}: "${key}" cannot be grounded (booleans, constants and unions have no quote)`);
    }
    if (settings.labels !== undefined) {
      if (path.kind !== 'enum') problems.push(`${at}: labels are for enum fields, and "${key}" is not one`);
      else {
        const unknown = Object.keys(settings.labels).filter((value) => !path.enumValues.includes(value));
        if (unknown.length > 0) {
          problems.push(
            `${at}: labels name values the enum does not have: ${unknown.join(', ')} (values: ${path.enumValues.join(', ')})`,
          );
        }
      }
    }
    if (
      settings.kind !== undefined &&
      path.kind !== 'string' &&
      path.kind !== 'number' &&
      path.kind !== 'date'
    ) {
      problems.push(`${at}: kind is for string and number fields, and "${key}" is not one`);
    }
  }
  return problems;
}
