import type { DateOrder, FieldGrounding, GroundingConfig, GroundingMode, ValueKind } from '@quarry/core';

/** The settings in force for one field pattern. */
export interface FieldSettings {
  readonly mode: GroundingMode;
  readonly kind?: ValueKind;
  readonly labels?: Readonly<Record<string, readonly string[]>>;
  readonly cues?: readonly string[];
  readonly reviewBelow?: number;
  readonly dateOrder?: DateOrder;
}

/**
 * The settings for `pattern`: the workflow's, overridden by every `fields` key that names the
 * pattern or one of its containers (`lines` and `lines[]` both cover `lines[].sku`), the more
 * specific key last.
 */
export function fieldSettings(config: GroundingConfig, pattern: string): FieldSettings {
  const keys = Object.keys(config.fields)
    .filter((key) => covers(key, pattern))
    .sort((a, b) => a.length - b.length);
  let settings: FieldSettings = {
    mode: config.mode,
    ...('dateOrder' in config && config.dateOrder ? { dateOrder: config.dateOrder } : {}),
    ...('reviewBelow' in config && config.reviewBelow !== undefined
      ? { reviewBelow: config.reviewBelow }
      : {}),
  };
  for (const key of keys) settings = { ...settings, ...defined(config.fields[key] as FieldGrounding) };
  return settings;
}

/** Whether a `fields` key names `pattern` itself or a container of it. */
function covers(key: string, pattern: string): boolean {
  return pattern === key || pattern.startsWith(`${key}.`) || pattern.startsWith(`${key}[`);
}

function defined(settings: FieldGrounding): Partial<FieldSettings> {
  return Object.fromEntries(Object.entries(settings).filter(([, value]) => value !== undefined));
}
