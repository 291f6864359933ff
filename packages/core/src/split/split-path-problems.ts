import {
  arrayItems,
  type JsonSchema,
  nonNull,
  propertiesOf,
  schemaAtFieldPath,
  schemaAtLeafPath,
} from './json-schema-paths';
import { isAtOrUnder } from './output-leaf-paths';
import type { SplitSetting } from './split-setting';

/** Options of {@link splitPathProblems}. */
export interface SplitPathProblemsOptions {
  /** A setting {@link SplitSetting} accepts. */
  readonly setting: SplitSetting;
  /** The workflow's output schema as sent (`toOutputJsonSchema(output)`). */
  readonly outputJsonSchema: JsonSchema;
}

/**
 * What a valid split setting names that the output schema does not hold: a `fields` path that is
 * not an object property path, a path in two groups (or under a path of another group), an
 * `arrayKeys` path that is not an array of objects or an item field it lacks, a `merge` path that
 * is not a leaf. Each problem names where (`split.fields[1][0]: …`); none for `'auto'` and `'off'`.
 */
export function splitPathProblems(options: SplitPathProblemsOptions): string[] {
  const { setting, outputJsonSchema: root } = options;
  if (typeof setting === 'string') return [];
  return [
    ...fieldsProblems(root, setting.fields),
    ...Object.entries(setting.arrayKeys ?? {}).flatMap(([path, keys]) => arrayKeyProblems(root, path, keys)),
    ...Object.keys(setting.merge ?? {}).flatMap((path) => mergeProblems(root, path)),
  ];
}

function fieldsProblems(
  root: JsonSchema,
  fields: 'auto' | readonly (readonly string[])[] | undefined,
): string[] {
  if (fields === undefined || fields === 'auto') return [];
  const problems: string[] = [];
  const seen: { path: string; group: number }[] = [];
  fields.forEach((group, g) => {
    group.forEach((path, p) => {
      const where = `split.fields[${g}][${p}]`;
      if (schemaAtFieldPath(root, path) === null) {
        problems.push(`${where}: "${path}" is not a property path of the output schema`);
        return;
      }
      const clash = seen.find(
        (other) => other.group !== g && (isAtOrUnder(path, other.path) || isAtOrUnder(other.path, path)),
      );
      if (clash) problems.push(`${where}: "${path}" overlaps "${clash.path}" of group ${clash.group}`);
      seen.push({ path, group: g });
    });
  });
  return problems;
}

function arrayKeyProblems(root: JsonSchema, path: string, keys: readonly string[]): string[] {
  const where = `split.arrayKeys.${path}`;
  const node = schemaAtFieldPath(root, path);
  if (node === null) return [`${where}: "${path}" is not a property path of the output schema`];
  const items = arrayItems(node);
  const itemProperties = items && propertiesOf(nonNull(items));
  if (!itemProperties) return [`${where}: "${path}" is not an array of objects`];
  return keys
    .filter((key) => !Object.hasOwn(itemProperties, key))
    .map((key) => `${where}: the items of "${path}" have no field "${key}"`);
}

function mergeProblems(root: JsonSchema, path: string): string[] {
  const where = `split.merge.${path}`;
  const node = schemaAtLeafPath(root, path);
  if (node === null) return [`${where}: "${path}" is not a path of the output schema`];
  if (propertiesOf(nonNull(node)) || arrayItems(node)) {
    return [`${where}: "${path}" is an object or an array; a merge rule settles a leaf`];
  }
  return [];
}
