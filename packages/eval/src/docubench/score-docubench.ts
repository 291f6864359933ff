import { ScoreInputError } from '../score-input-error';
import { meanLabelLeaves, scoreDocubenchArray } from './docubench-array-score';
import { scoreDocubenchLeaves } from './docubench-leaf-score';
import { docubenchArrayFields, schemaWithoutArrays } from './docubench-schema';
import type { DocubenchPart, DocubenchScore } from './docubench-score';
import { type DocubenchValue, isObject, readDocubenchValue } from './docubench-value';
import { exactSum } from './exact-sum';
import { normaliseDocubench } from './normalise-docubench';

/** Options of {@link scoreDocubench}. */
export interface ScoreDocubenchOptions {
  /** The task's JSON Schema (`schemas/<id>.json`): which fields are scored. */
  readonly schema: unknown;
  /** The labelled output (`labels/<id>.json`). */
  readonly label: unknown;
  /** The extracted object (the `data` of `results/<engine>/<id>.json`; null or missing when none). */
  readonly output: unknown;
  /** Deepest nesting and longest array accepted in any input (defaults 64 and 1,000). */
  readonly limits?: { readonly maxDepth?: number; readonly maxArrayLength?: number };
}

const clampLimit = (value: number | undefined, fallback: number, max: number) =>
  Math.min(Math.max(Math.floor(Number.isFinite(value) ? (value as number) : fallback), 1), max);

const unscorable = (detail: string): never => {
  throw new ScoreInputError({ problem: 'unscorable-schema', side: 'schema', path: '', detail });
};

function array(value: DocubenchValue, path: readonly string[]): DocubenchValue[] {
  let at: DocubenchValue = value;
  for (const key of path) {
    if (!isObject(at) || !at.has(key)) return [];
    at = at.get(key) ?? null;
  }
  return Array.isArray(at) ? at : [];
}

/**
 * Scores one document by the public DocuBench benchmark's rules (its `docs/scoring.md`,
 * docs/eval-scoring.md here): both sides normalised (empty members stripped, numbers rounded to six
 * decimals, strings lower-cased with whitespace and punctuation removed); non-array fields of the
 * schema 1 or 0 each; array fields matched item to item greedily; the final score a weighted average
 * of both. Reproduces the benchmark's per-document figures.
 *
 * Throws `ScoreInputError`: input that is not JSON or past the limits, and (`unscorable-schema`) a
 * schema the rules cannot walk: not an object, an array schema anywhere but under the `properties` of
 * objects or without `items`, or no field at all.
 */
export function scoreDocubench(options: ScoreDocubenchOptions): DocubenchScore {
  const limits = {
    maxDepth: clampLimit(options.limits?.maxDepth, 64, 1000),
    maxArrayLength: clampLimit(options.limits?.maxArrayLength, 1000, 100_000),
  };
  const schema = readDocubenchValue({ value: options.schema, side: 'schema', ...limits });
  if (!isObject(schema)) return unscorable('a schema that is not an object');
  const label = normaliseDocubench(readDocubenchValue({ value: options.label, side: 'expected', ...limits }));
  const output = normaliseDocubench(
    readDocubenchValue({ value: options.output, side: 'extracted', ...limits }),
  );

  const fields = docubenchArrayFields(schema);
  const arrays = new Map<string | null, DocubenchPart>();
  for (const field of fields) {
    const [labels, outputs] = [array(label, field.path), array(output, field.path)];
    const score = scoreDocubenchArray(labels, outputs);
    arrays.set(field.name, {
      score,
      total: Math.max(labels.length, outputs.length) * meanLabelLeaves(labels),
    });
  }

  const rest = schemaWithoutArrays(schema);
  const properties = isObject(rest) ? rest.get('properties') : undefined;
  if (properties !== undefined && !isObject(properties))
    return unscorable('properties that are not an object');
  const nonArray = properties && properties.size > 0 ? scoreDocubenchLeaves(output, label, rest) : null;

  const parts = [...arrays.values(), ...(nonArray ? [nonArray] : [])];
  if (fields.length === 0 && !nonArray) return unscorable('a schema with no field to score');
  let final: number;
  if (fields.length === 0) final = nonArray!.score;
  else {
    let [weighted, weight] = [0, 0];
    for (const part of parts) {
      weight += part.total;
      weighted += part.score * part.total;
    }
    final = weight > 0 ? weighted / weight : 1;
  }
  return { final, nonArray, arrays: [...arrays].map(([name, part]) => ({ name, ...part })) };
}

/**
 * The benchmark's headline figure of one system: the mean of its documents' final scores, summed
 * exactly as the published aggregates are (0 for none).
 */
export function averageDocubench(scores: readonly Pick<DocubenchScore, 'final'>[]): number {
  return scores.length === 0 ? 0 : exactSum(scores.map((score) => score.final)) / scores.length;
}
