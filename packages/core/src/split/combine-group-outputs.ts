import { z } from 'zod';
import { isPlainObject } from './deep-equal';
import { SplitInputError } from './split-input-error';

/** One field group's output: the paths it was asked for and what it gave. */
export const GroupOutput = z.object({
  paths: z.array(z.string().min(1)).min(1),
  output: z.record(z.string(), z.unknown()),
});
export type GroupOutput = z.infer<typeof GroupOutput>;

const GroupOutputs = z.array(GroupOutput).min(1);

/**
 * One object from the outputs of a window's field groups: each group's paths (dot paths of object
 * properties) copied into the result in group order, creating the objects on the way. A path the
 * group's output lacks (or reaches through a non-object) is skipped; a later group never overwrites
 * a path an earlier group set.
 *
 * @throws {SplitInputError} when there are no groups, or a group lacks paths or an object output.
 */
export function combineGroupOutputs(groups: readonly GroupOutput[]): Record<string, unknown> {
  const parsed = GroupOutputs.safeParse(groups);
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) =>
        `groups${issue.path.map((part) => (typeof part === 'number' ? `[${part}]` : `.${String(part)}`)).join('')}: ${issue.message}`,
    );
    throw new SplitInputError({ problems, cause: parsed.error });
  }
  const result: Record<string, unknown> = {};
  // The groups as given, once checked: parsing rebuilds records, which would drop a `__proto__` key.
  for (const { paths, output } of groups) {
    for (const path of paths) {
      const names = path.split('.');
      const found = valueAt(output, names);
      if (found.found) setOnce(result, names, found.value);
    }
  }
  return result;
}

function valueAt(
  record: Record<string, unknown>,
  names: readonly string[],
): { found: boolean; value?: unknown } {
  let value: unknown = record;
  for (const name of names) {
    if (!isPlainObject(value) || !Object.hasOwn(value, name)) return { found: false };
    value = value[name];
  }
  return value === undefined ? { found: false } : { found: true, value };
}

function setOnce(result: Record<string, unknown>, names: readonly string[], value: unknown): void {
  let node = result;
  for (const [i, name] of names.entries()) {
    const last = i === names.length - 1;
    if (Object.hasOwn(node, name)) {
      const existing = node[name];
      if (last || !isPlainObject(existing)) return;
      node = existing;
      continue;
    }
    const next = last ? value : {};
    Object.defineProperty(node, name, { value: next, enumerable: true, writable: true, configurable: true });
    if (last) return;
    node = next as Record<string, unknown>;
  }
}
