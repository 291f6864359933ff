import { resolve } from 'node:path';
import { readBlobConfig } from '@quarry/blobs';
import type { AnyWorkflow, LabelledItemInput, WorkflowRegistry } from '@quarry/core';
import { readFileCapped, terminalText } from '@quarry/env';
import { type LabelledDirectoryItem, readLabelledDirectory } from '@quarry/eval';
import { BlobGcMarks, LabelledSetStore } from '@quarry/queue';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { cliWorkflowCatalog } from '../cli-workflow-catalog';
import { workflowFromFlag } from '../eval/eval-workflow';
import { exitCodes } from '../exit-codes';
import { UsageError } from '../usage-error';
import type { EvalImportFlags } from './eval-import-command';
import { withQueueService } from './with-queue-service';

/** Problems listed when expected outputs do not fit their workflow. */
const SHOWN_PROBLEMS = 20;

/** The workflow an item is checked against: its own, else `--workflow`; none when neither names one. */
function workflowFor(
  item: LabelledDirectoryItem,
  fallback: AnyWorkflow | null,
  registry: WorkflowRegistry,
): AnyWorkflow | null | string {
  if (!item.workflow) return fallback;
  try {
    return registry.get(item.workflow.name, item.workflow.version ?? null);
  } catch (error) {
    return `workflow ${item.workflow.name}${item.workflow.version ? `@${item.workflow.version}` : ''} is not known (${(error as Error).message})`;
  }
}

/** Every problem of the expected outputs against their workflows' output schemas. */
async function checkExpected(
  items: readonly LabelledDirectoryItem[],
  fallback: AnyWorkflow | null,
  registry: WorkflowRegistry,
): Promise<string[]> {
  const problems: string[] = [];
  for (const item of items) {
    const workflow = workflowFor(item, fallback, registry);
    if (typeof workflow === 'string') problems.push(`${terminalText(item.id)}: ${terminalText(workflow)}`);
    else if (workflow) {
      const parsed = await workflow.output.safeParseAsync(item.expected);
      for (const issue of parsed.error?.issues ?? []) {
        const path = issue.path.map(String).join('.') || '(expected)';
        problems.push(
          `${terminalText(item.id)}: expected ${terminalText(path)}: ${terminalText(issue.message)}`,
        );
      }
    }
  }
  return problems;
}

/** Runs `quarry eval import`. */
export async function evalImport(
  flags: z.output<typeof EvalImportFlags>,
  context: CliContext,
): Promise<number> {
  const [dirArg] = flags.args;
  const { registry } = await cliWorkflowCatalog(context);
  let fallback: AnyWorkflow | null = null;
  if (flags.workflow !== undefined) fallback = workflowFromFlag(registry, flags.workflow);
  const directory = await readLabelledDirectory({ dir: resolve(context.cwd, dirArg) });
  const skipped = directory.problems.map((problem) => ({
    place: problem.file ?? (problem.line === null ? 'set' : `line ${problem.line}`),
    problem: problem.message,
  }));
  for (const { place, problem } of skipped)
    context.stderr(`skipped ${terminalText(place)}: ${terminalText(problem)}\n`);
  const problems = await checkExpected(directory.items, fallback, registry);
  if (problems.length > 0) {
    const more = problems.length > SHOWN_PROBLEMS ? `\n  and ${problems.length - SHOWN_PROBLEMS} more` : '';
    throw new UsageError(
      `expected outputs do not fit their workflow, nothing was stored:\n  ${problems.slice(0, SHOWN_PROBLEMS).join('\n  ')}${more}`,
    );
  }
  const files = directory.items.some((item) => item.document.kind === 'file');
  const { createBlobStore } = await import('./on-demand');
  const blobs = files
    ? createBlobStore(readBlobConfig({ env: context.env, program: 'CLI', cwd: context.cwd }))
    : null;
  try {
    const counts = await withQueueService(
      context,
      'eval import',
      (redis, keys) => ({
        sets: new LabelledSetStore({ redis, keys }),
        marks: new BlobGcMarks({ redis, keys }),
      }),
      async ({ sets, marks }) => {
        const counts = { added: 0, replaced: 0, documents: 0 };
        for (const item of directory.items) {
          let document: LabelledItemInput['document'];
          if (item.document.kind === 'text') document = { kind: 'text', text: item.document.text };
          else {
            const store = blobs?.store;
            if (!store) throw new TypeError('no blob store');
            // Read again through one descriptor: still a regular file, and within the store's limit.
            const read = readFileCapped({ path: item.document.path, maxBytes: store.maxBytes });
            if (read.kind !== 'bytes') {
              throw new UsageError(
                `item ${terminalText(item.id)}: its document is ${read.kind === 'too-large' ? `over the blob store's ${store.maxBytes} bytes (QUARRY_BLOB_MAX_BYTES)` : 'no longer a regular file'}; items before it were stored, none after`,
              );
            }
            const bytes = new Uint8Array(read.bytes);
            // Marked before and after the store, as producers do: a gc running meanwhile keeps the blob.
            const { key } = await store.put({ bytes });
            if ((await marks.markUse({ key })) === 'waited') await store.put({ bytes });
            document = { kind: 'blob', key, mediaType: item.document.mediaType };
            counts.documents++;
          }
          const workflow =
            item.workflow ?? (fallback ? { name: fallback.name, version: fallback.version } : undefined);
          const put = await sets.put(flags.out, {
            id: item.id,
            document,
            expected: item.expected as LabelledItemInput['expected'],
            tags: item.tags,
            ...(workflow ? { workflow } : {}),
          });
          if (put.status === 'added') counts.added++;
          else if (put.status === 'replaced') counts.replaced++;
        }
        return counts;
      },
    );
    const summary = { set: flags.out, items: directory.items.length, ...counts, skipped };
    if (flags.json) context.stdout(`${JSON.stringify(summary)}\n`);
    else
      context.stderr(
        `stored ${directory.items.length} item(s) in ${flags.out}: ${counts.added} added, ${counts.replaced} replaced, ${counts.documents} document(s) in the blob store${skipped.length ? `; ${skipped.length} skipped` : ''}\n`,
      );
    return exitCodes.ok;
  } finally {
    blobs?.close();
  }
}
