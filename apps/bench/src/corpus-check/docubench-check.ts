import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { averageDocubench, type DocubenchScore, scoreDocubench } from '@quarry/eval';

/** How far a recomputed per-document score may be from the published one. */
export const DOCUBENCH_TOLERANCE = 1e-9;

/** One engine's figures: ours (recomputed) against the benchmark's published ones. */
interface DocubenchEngineFigures {
  readonly engine: string;
  readonly documents: number;
  readonly ours: number;
  readonly published: number | null;
  /** The largest per-document difference. */
  readonly maxDifference: number;
}

/** A document whose score differs from the published one by more than the tolerance, or cannot be scored. */
interface DocubenchMismatch {
  readonly engine: string;
  readonly document: string;
  readonly ours: number | null;
  readonly published: number;
  readonly reason: string;
}

/** What `runDocubenchCheck` found. */
export interface DocubenchCheck {
  readonly engines: readonly DocubenchEngineFigures[];
  readonly maxDifference: number;
  readonly mismatches: readonly DocubenchMismatch[];
}

interface PublishedScores {
  readonly engines: readonly string[];
  readonly documents: ReadonlyMap<string, ReadonlyMap<string, number>>;
  readonly aggregate: ReadonlyMap<string, number>;
}

const readJson = (path: string): unknown => JSON.parse(readFileSync(path, 'utf8'));

/** A published score: a number in [0, 1], or null where the benchmark had none (`n/a`, empty). */
function publishedScore(text: string, where: string): number | null {
  if (text === '' || text === 'n/a') return null;
  const value = Number(text);
  if (!Number.isFinite(value) || value < 0 || value > 1)
    throw new Error(`docubench: ${where}: a published score outside [0, 1]`);
  return value;
}

/** Engine and document names become file names: letters, digits, `_` and `-` only. */
function fileName(name: string, where: string): string {
  if (!/^[\w-]{1,100}$/.test(name))
    throw new Error(`docubench: ${where}: a name that is not a plain file name`);
  return name;
}

/** `results/summary.csv`: `doc_id` and one column per engine, one row per document, then `AGGREGATE`. */
function readPublished(path: string): PublishedScores {
  const [header, ...rows] = readFileSync(path, 'utf8').trim().split(/\r?\n/);
  const engines = (header ?? '')
    .split(',')
    .slice(1)
    .map((name) => fileName(name, 'summary.csv header'));
  const documents = new Map<string, Map<string, number>>();
  const aggregate = new Map<string, number>();
  for (const [line, row] of rows.entries()) {
    const [name = '', ...cells] = row.split(',');
    const document = fileName(name, `summary.csv line ${line + 2}`);
    const scores = new Map<string, number>();
    engines.forEach((engine, index) => {
      const score = publishedScore(cells[index] ?? '', `summary.csv line ${line + 2}`);
      if (score !== null) scores.set(engine, score);
    });
    if (document === 'AGGREGATE') for (const [engine, score] of scores) aggregate.set(engine, score);
    else documents.set(document, scores);
  }
  return { engines, documents, aggregate };
}

function scoreOne(dir: string, engine: string, document: string): DocubenchScore {
  const envelope = readJson(join(dir, 'results', engine, `${document}.json`));
  const output = envelope !== null && typeof envelope === 'object' && 'data' in envelope ? envelope.data : {};
  return scoreDocubench({
    schema: readJson(join(dir, 'schemas', `${document}.json`)),
    label: readJson(join(dir, 'labels', `${document}.json`)),
    output,
  });
}

/**
 * Recomputes every published per-document DocuBench score (`results/summary.csv`) from the committed
 * outputs, schemas and labels of the benchmark's scoring material with `scoreDocubench`, engine by
 * engine, and compares, the per-engine overall figures (the `AGGREGATE` row) too. A document the summary
 * scores whose output is missing or cannot be scored is a mismatch.
 */
export function runDocubenchCheck(options: { readonly dir: string }): DocubenchCheck {
  const published = readPublished(join(options.dir, 'results', 'summary.csv'));
  const mismatches: DocubenchMismatch[] = [];
  let maxDifference = 0;
  const engines = published.engines.map((engine): DocubenchEngineFigures => {
    const finals: { final: number }[] = [];
    let engineMax = 0;
    for (const [document, scores] of published.documents) {
      const expected = scores.get(engine);
      if (expected === undefined) continue;
      if (!existsSync(join(options.dir, 'results', engine, `${document}.json`))) {
        mismatches.push({ engine, document, ours: null, published: expected, reason: 'no output' });
        continue;
      }
      try {
        const { final } = scoreOne(options.dir, engine, document);
        finals.push({ final });
        const difference = Math.abs(final - expected);
        engineMax = Math.max(engineMax, difference);
        if (difference > DOCUBENCH_TOLERANCE)
          mismatches.push({ engine, document, ours: final, published: expected, reason: 'differs' });
      } catch (error) {
        const reason = error instanceof Error ? error.name : 'error';
        mismatches.push({ engine, document, ours: null, published: expected, reason });
      }
    }
    maxDifference = Math.max(maxDifference, engineMax);
    const ours = averageDocubench(finals);
    const overall = published.aggregate.get(engine) ?? null;
    if (overall !== null && Math.abs(ours - overall) > DOCUBENCH_TOLERANCE)
      mismatches.push({ engine, document: 'AGGREGATE', ours, published: overall, reason: 'differs' });
    return { engine, documents: finals.length, ours, published: overall, maxDifference: engineMax };
  });
  return { engines, maxDifference, mismatches };
}

/** Whether the directory holds the DocuBench scoring material (`results/summary.csv`, schemas, labels). */
export function hasDocubenchMaterial(dir: string): boolean {
  return ['results/summary.csv', 'schemas', 'labels'].every((part) => existsSync(join(dir, part)));
}
