import type { AnyWorkflow, LabelledItem } from '@quarry/core';
import type { LabelledSetStore } from '@quarry/queue';

/** Items read from Redis per page. */
const PAGE_ITEMS = 500;

/** Every readable item of the set labelled for `workflow` (or for none), at most `limit`. */
export async function readSetItems(options: {
  readonly sets: LabelledSetStore;
  readonly set: string;
  readonly workflow: AnyWorkflow;
  readonly limit: number;
  readonly stderr: (text: string) => void;
}): Promise<LabelledItem[]> {
  const items: LabelledItem[] = [];
  let other = 0;
  let after: string | undefined;
  for (;;) {
    const page = await options.sets.read(options.set, { limit: PAGE_ITEMS, ...(after ? { after } : {}) });
    for (const bad of page.unreadable)
      options.stderr(`warning: item ${bad.id} is unreadable (${bad.problem}); skipped\n`);
    for (const item of page.items) {
      if (item.workflow && item.workflow.name !== options.workflow.name) other++;
      else if (items.length < options.limit) items.push(item);
    }
    if (page.next === null || items.length >= options.limit) break;
    after = page.next;
  }
  if (other > 0) options.stderr(`${other} item(s) labelled for another workflow left out\n`);
  return items;
}
