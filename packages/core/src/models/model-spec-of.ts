import type { ModelSpec, ModelTable } from './model-spec';

/** A snapshot suffix: `-20251001` (Claude API) or `@20251001` (Google Cloud). */
const snapshotSuffix = /^[-@]\d{8}$/;

/**
 * The table entry of a model id: the exact entry, else the entry the id extends with a snapshot
 * date (`claude-sonnet-4-5-20250929` → `claude-sonnet-4-5`). Null when none matches. Only a date
 * may follow the key, so a newer model (`claude-opus-5-6`) is never priced as an older one
 * (`claude-opus-5`) by accident.
 */
export function modelSpecOf(model: string, table: ModelTable): ModelSpec | null {
  if (Object.hasOwn(table, model)) return table[model] ?? null;
  const cut = model.length - 9;
  if (cut <= 0 || !snapshotSuffix.test(model.slice(cut))) return null;
  const family = model.slice(0, cut);
  return Object.hasOwn(table, family) ? (table[family] ?? null) : null;
}
