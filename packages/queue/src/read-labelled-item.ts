import { LabelledItem, LabelledSetName } from '@quarry/core';
import type { z } from 'zod';
import { LabelledSetInputError } from './labelled-set-input-error';

/** An item whose stored JSON is no {@link LabelledItem}; reported so nothing is hidden. */
export interface UnreadableLabelledItem {
  readonly id: string;
  readonly problem: string;
}

/** A set name checked against {@link LabelledSetName}. @throws LabelledSetInputError naming the problem. */
export function checkedName(set: string): string {
  const parsed = LabelledSetName.safeParse(set);
  if (!parsed.success) throw new LabelledSetInputError({ problems: problemsOf(parsed.error, 'set name') });
  return parsed.data;
}

/** The problems of a zod error as `what.path: message`, at most 20. */
export function problemsOf(error: z.ZodError, what: string): string[] {
  return error.issues
    .slice(0, 20)
    .map((issue) => `${[what, ...issue.path.map(String)].join('.')}: ${issue.message}`);
}

/** A stored item checked against the schema (and its id), or why it is unreadable: never a throw. */
export function readLabelledItem(id: string, text: string | null): LabelledItem | UnreadableLabelledItem {
  if (text === null) return { id, problem: 'the item is missing (the set changed meanwhile)' };
  try {
    const parsed = LabelledItem.safeParse(JSON.parse(text));
    if (!parsed.success) return { id, problem: problemsOf(parsed.error, 'item')[0] ?? 'invalid' };
    if (parsed.data.id !== id)
      return { id, problem: `the item stored under this id is ${JSON.stringify(parsed.data.id)}` };
    return parsed.data;
  } catch (error) {
    return { id, problem: error instanceof SyntaxError ? 'the item is not JSON' : 'the item is unreadable' };
  }
}
