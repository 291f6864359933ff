import { countStructuredOutputParameters, structuredOutputLimits } from '../models/structured-output-limits';
import { type JsonSchema, propertiesOf, schemaAtFieldPath } from './json-schema-paths';
import { isAtOrUnder, outputLeafPaths } from './output-leaf-paths';
import { pickJsonSchemaPaths } from './pick-json-schema-paths';
import { SplitInputError } from './split-input-error';

/** Defaults of {@link planFieldGroups}. */
export const fieldGroupDefaults = {
  /** Units (see `outputLeafPaths`) in one packed group. */
  maxLeavesPerGroup: 60,
  maxLeavesLimit: 10_000,
} as const;

/** The structured output limits a group's schema must stay within. */
export interface SchemaLimits {
  readonly maxOptionalParameters: number;
  readonly maxUnionParameters: number;
}

/** Options of {@link planFieldGroups}. */
export interface PlanFieldGroupsOptions {
  /** The output schema as sent (`toOutputJsonSchema(output)`): an object with properties. */
  readonly outputJsonSchema: JsonSchema;
  /** Groups the workflow gives (kept first, as given), or `'auto'`. */
  readonly fields: 'auto' | readonly (readonly string[])[];
  /** Default `structuredOutputLimits`. */
  readonly limits?: SchemaLimits;
  /** A whole number from 1 to 10,000 (default 60). */
  readonly maxLeavesPerGroup?: number;
}

/**
 * Groups of output paths, each small enough to ask for in one request. Given groups are kept, in
 * order; the units (`outputLeafPaths`) none of them covers are packed, in schema order, greedily into
 * further groups, each group's schema (as `pickOutputPaths` and `toOutputJsonSchema` give it)
 * staying within `limits.maxOptionalParameters`, `limits.maxUnionParameters` and
 * `maxLeavesPerGroup` units. With `'auto'` and a schema within all three: one group of every unit.
 *
 * @throws {SplitInputError} for a schema that is not an object with properties, a bad limit, a
 * given path the schema does not hold, a given group over a limit, or one unit over a limit alone
 * (an array or leaf cannot be split further).
 */
export function planFieldGroups(options: PlanFieldGroupsOptions): string[][] {
  const { outputJsonSchema: root, fields } = options;
  const limits = options.limits ?? structuredOutputLimits;
  const maxLeaves = options.maxLeavesPerGroup ?? fieldGroupDefaults.maxLeavesPerGroup;
  checkOptions(root, limits, maxLeaves);
  const units = outputLeafPaths(root);
  const overLimit = (paths: readonly string[]) => overLimitProblem(root, paths, units, limits, maxLeaves);
  const given = fields === 'auto' ? [] : fields.map((group) => [...group]);
  given.forEach((group, i) => {
    const missing = group.find((path) => schemaAtFieldPath(root, path) === null);
    if (missing !== undefined)
      throwProblem(`fields[${i}]: "${missing}" is not a property path of the output schema`);
    const problem = overLimit(group);
    if (problem) throwProblem(`fields[${i}] (${group.join(', ')}): ${problem}`);
  });
  const rest = units.filter((unit) => !given.some((group) => group.some((path) => isAtOrUnder(unit, path))));
  return [...given, ...packed(rest, overLimit)];
}

function packed(
  units: readonly string[],
  overLimit: (paths: readonly string[]) => string | null,
): string[][] {
  const groups: string[][] = [];
  let current: string[] = [];
  for (const unit of units) {
    if (current.length > 0 && overLimit([...current, unit]) === null) {
      current.push(unit);
      continue;
    }
    const alone = overLimit([unit]);
    if (alone) throwProblem(`"${unit}" alone: ${alone}; it cannot be split further`);
    if (current.length > 0) groups.push(current);
    current = [unit];
  }
  if (current.length > 0) groups.push(current);
  return groups;
}

function overLimitProblem(
  root: JsonSchema,
  paths: readonly string[],
  units: readonly string[],
  limits: SchemaLimits,
  maxLeaves: number,
): string | null {
  const counts = countStructuredOutputParameters(pickJsonSchemaPaths(root, paths));
  const leaves = units.filter((unit) => paths.some((path) => isAtOrUnder(unit, path))).length;
  if (counts.optionalParameters > limits.maxOptionalParameters) {
    return `${counts.optionalParameters} optional parameters, over ${limits.maxOptionalParameters}`;
  }
  if (counts.unionParameters > limits.maxUnionParameters) {
    return `${counts.unionParameters} union-typed parameters, over ${limits.maxUnionParameters}`;
  }
  return leaves > maxLeaves ? `${leaves} fields, over ${maxLeaves}` : null;
}

function checkOptions(root: JsonSchema, limits: SchemaLimits, maxLeaves: number): void {
  const problems: string[] = [];
  if (propertiesOf(root) === null) problems.push('outputJsonSchema: expected an object with properties');
  for (const key of ['maxOptionalParameters', 'maxUnionParameters'] as const) {
    if (!isWhole(limits?.[key], 0, 100_000))
      problems.push(`limits.${key}: expected a whole number from 0 to 100000`);
  }
  if (!isWhole(maxLeaves, 1, fieldGroupDefaults.maxLeavesLimit)) {
    problems.push(
      `maxLeavesPerGroup: expected a whole number from 1 to ${fieldGroupDefaults.maxLeavesLimit}`,
    );
  }
  if (problems.length > 0) throw new SplitInputError({ problems });
}

function isWhole(value: unknown, min: number, max: number): boolean {
  return typeof value === 'number' && Number.isSafeInteger(value) && value >= min && value <= max;
}

function throwProblem(problem: string): never {
  throw new SplitInputError({ problems: [problem] });
}
