import type { PlantOptions } from './plant-options';

/** The CLI flags of planted mistakes and labelled sets, for `parseArgs`. */
export const plantFlags = {
  'plant-wrong-rate': { type: 'string' },
  'plant-missing-rate': { type: 'string' },
  'plant-invented-rate': { type: 'string' },
  'labelled-set': { type: 'string' },
} as const;

const shareOfFlag = {
  'plant-wrong-rate': 'wrongRate',
  'plant-missing-rate': 'missingRate',
  'plant-invented-rate': 'inventedRate',
} as const;

/**
 * The `simulate.plant` option from the plant flags over the config file's (`base`); undefined when
 * neither says anything. `number` reads a flag's number (and notes a flag that is not one); ranges
 * are checked by `startStandin`.
 */
export function plantOptionsFromFlags(
  base: unknown,
  number: (flag: keyof typeof shareOfFlag) => number | undefined,
): PlantOptions | undefined {
  const options: Record<string, unknown> = { ...(base as Record<string, unknown> | undefined) };
  for (const [flag, key] of Object.entries(shareOfFlag)) {
    const value = number(flag as keyof typeof shareOfFlag);
    if (value !== undefined) options[key] = value;
  }
  return Object.keys(options).length > 0 ? (options as PlantOptions) : undefined;
}
