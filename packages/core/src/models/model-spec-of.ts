import type { ModelSpec, ModelTable } from './model-spec';

/**
 * The table entry of a model id: the exact entry, else the longest key the id starts with
 * (`claude-sonnet-4-5-20250929` → `claude-sonnet-4-5`). Null when none matches.
 */
export function modelSpecOf(model: string, table: ModelTable): ModelSpec | null {
  const exact = table[model];
  if (exact) return exact;
  let best: string | null = null;
  for (const id of Object.keys(table)) {
    if (model.startsWith(id) && (best === null || id.length > best.length)) best = id;
  }
  return best === null ? null : (table[best] ?? null);
}
