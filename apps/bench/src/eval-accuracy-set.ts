import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { LabelledItem, type WorkflowRegistry } from '@quarry/core';
import { loadSamples } from '@quarry/samples';
import { loadWorkflowCatalog } from '@quarry/workflow-files';
import { defaultRegistry } from '@quarry/workflows';
import { documentText } from './bench-corpus';
import { loadFieldbenchCategories, writeFieldbenchWorkflows } from './corpus-check/fieldbench-categories';

/** The shipped workflow of the samples set: no arithmetic rules for planted numbers to trip. */
const SAMPLES_WORKFLOW = 'support-ticket';

/** A document with its expected output: a stand-in corpus entry (`id` names it in `standin.planted`). */
interface Candidate {
  readonly id: string;
  readonly workflow: string;
  readonly text: string;
  readonly truth: unknown;
}

/** An item that is not evaluated, and why (no document text, never values). */
interface LeftOutItem {
  readonly id: string;
  readonly workflow: string;
  readonly reason: string;
}

/** The labelled set of line 20: items by workflow, the stand-in's corpus, the workflows to serve. */
export interface EvalAccuracySet {
  readonly source: 'fieldbench' | 'samples';
  /** Where it came from, for the notes. */
  readonly description: string;
  /** Items grouped by workflow: one evaluation run each (`runEvaluation` runs one workflow). */
  readonly groups: readonly { readonly workflow: string; readonly items: readonly LabelledItem[] }[];
  readonly corpus: readonly Candidate[];
  /** The reference each document ends with (the stand-in's document name) → its item id. */
  readonly itemOfReference: ReadonlyMap<string, string>;
  readonly registry: WorkflowRegistry;
  /** The directory of data workflows for the worker's `QUARRY_WORKFLOWS`; null: the shipped ones. */
  readonly workflowDir: string | null;
  readonly leftOut: readonly LeftOutItem[];
  /** Removes the temporary workflow directory. */
  close(): void;
}

/** The first problem of an expected output against its workflow's output schema, or null when it fits. */
function misfit(registry: WorkflowRegistry, candidate: Candidate): string | null {
  const parsed = registry.get(candidate.workflow).output.safeParse(candidate.truth);
  if (parsed.success) return null;
  const [issue] = parsed.error.issues;
  return `expected output does not fit the workflow's output schema (${issue?.path.join('.') || '(root)'}: ${issue?.code})`;
}

/**
 * Groups the candidates by workflow as labelled items whose documents end with a reference of their
 * own (`Reference: item-N`, the stand-in's document name, so each item has its own planted mistakes),
 * leaving out expected outputs that do not fit their schema: the worker could never complete them.
 */
function groupItems(candidates: readonly Candidate[], registry: WorkflowRegistry) {
  const leftOut: LeftOutItem[] = [];
  const groups = new Map<string, LabelledItem[]>();
  const itemOfReference = new Map<string, string>();
  const kept: Candidate[] = [];
  for (const candidate of candidates) {
    const problem = misfit(registry, candidate);
    if (problem !== null) {
      leftOut.push({ id: candidate.id, workflow: candidate.workflow, reason: problem });
      continue;
    }
    kept.push(candidate);
    const reference = `item-${itemOfReference.size}`;
    itemOfReference.set(reference, candidate.id);
    const items = groups.get(candidate.workflow) ?? [];
    items.push(
      LabelledItem.parse({
        id: candidate.id,
        document: { kind: 'text', text: documentText(candidate, reference) },
        expected: candidate.truth,
        workflow: { name: candidate.workflow },
      }),
    );
    groups.set(candidate.workflow, items);
  }
  return {
    groups: [...groups].map(([workflow, items]) => ({ workflow, items })),
    itemOfReference,
    leftOut,
    kept,
  };
}

/** The fieldbench categories as data workflows (written to a temporary directory), one document each item. */
async function fieldbenchSet(fieldbench: string, perCategory: number): Promise<EvalAccuracySet> {
  const categories = loadFieldbenchCategories({ fieldbench, perCategory });
  const workflowDir = mkdtempSync(join(tmpdir(), 'quarry-bench-eval-'));
  const close = () => rmSync(workflowDir, { recursive: true, force: true });
  try {
    writeFieldbenchWorkflows(workflowDir, categories);
    const { registry } = await loadWorkflowCatalog({ paths: [workflowDir], cwd: workflowDir });
    const seen = new Set<string>();
    const duplicates: LeftOutItem[] = [];
    const candidates = categories
      .flatMap(({ documents }) => documents)
      .filter((document) => {
        if (!seen.has(document.text)) return seen.add(document.text);
        duplicates.push({
          id: document.id,
          workflow: document.workflow,
          reason: 'the same document as another item',
        });
        return false;
      });
    const { kept, ...set } = groupItems(candidates, registry);
    return {
      source: 'fieldbench',
      description: `fieldbench (${categories.length} categories as data workflows, at most ${perCategory} documents each)`,
      ...set,
      leftOut: [...duplicates, ...set.leftOut],
      corpus: kept.map(({ id, workflow, text, truth }) => ({ id, workflow, text, truth })),
      registry,
      workflowDir,
      close,
    };
  } catch (error) {
    close();
    throw error;
  }
}

/** `count` support-ticket items, the shipped samples round robin, each document with a reference of its own. */
function samplesSet(count: number): EvalAccuracySet {
  const samples = loadSamples(SAMPLES_WORKFLOW);
  const candidates = Array.from({ length: count }, (_, i) => {
    const sample = samples[i % samples.length];
    if (!sample) throw new Error(`The shipped ${SAMPLES_WORKFLOW} samples are empty`);
    return { id: `ticket-${i}`, workflow: sample.workflow, text: sample.text, truth: sample.truth };
  });
  const registry = defaultRegistry();
  const { kept: _kept, ...set } = groupItems(candidates, registry);
  return {
    source: 'samples',
    description: `the shipped ${SAMPLES_WORKFLOW} samples (${samples.length} documents round robin)`,
    ...set,
    corpus: samples.map(({ id, workflow, text, truth }) => ({ id, workflow, text, truth })),
    registry,
    workflowDir: null,
    close: () => {},
  };
}

/**
 * Line 20's set: the development corpus's fieldbench documents when `fieldbench` exists (at most
 * `perCategory` a category), else `samples` items of the shipped support-ticket samples.
 */
export async function loadEvalAccuracySet(options: {
  readonly fieldbench: string;
  readonly perCategory: number;
  readonly samples: number;
}): Promise<EvalAccuracySet> {
  return existsSync(options.fieldbench)
    ? await fieldbenchSet(options.fieldbench, options.perCategory)
    : samplesSet(options.samples);
}
