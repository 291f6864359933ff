import { type FileHandle, mkdir, open, readdir, stat, writeFile } from 'node:fs/promises';
import { join, relative, resolve, sep } from 'node:path';
import { readBlobConfig } from '@quarry/blobs';
import type { BlobStore, LabelledItem } from '@quarry/core';
import type { LabelledSetStore } from '@quarry/queue';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import { UsageError } from '../usage-error';
import type { EvalExportFlags } from './eval-export-command';
import { exportFileName } from './export-file-name';
import { withLabelledSets } from './with-labelled-sets';

/** Items read from Redis per page while exporting. */
const PAGE_ITEMS = 100;
const DOCUMENTS = 'documents';

/** An item left out of the export, and why. */
interface Skipped {
  readonly id: string;
  readonly problem: string;
}

/**
 * The directory to write: created when missing; an existing one must be an empty directory.
 * @throws UsageError naming a path that is a file or a directory that holds anything.
 */
async function emptyDirectory(dir: string, shown: string): Promise<void> {
  const found = await stat(dir).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return null;
    throw new UsageError(`cannot read ${shown} (${error.code ?? 'error'})`, { cause: error });
  });
  if (found === null) {
    await mkdir(dir, { recursive: true });
    return;
  }
  if (!found.isDirectory()) throw new UsageError(`${shown} is not a directory`);
  if ((await readdir(dir)).length > 0) {
    throw new UsageError(`${shown} is not empty; export into a new or empty directory`);
  }
}

/** The manifest line of `item`, its document written under `documents/` when it is a blob. */
async function manifestLine(options: {
  readonly item: LabelledItem;
  readonly dir: string;
  readonly blobs: () => BlobStore;
  readonly used: Set<string>;
}): Promise<{ line: string; file: boolean } | Skipped> {
  const { item, dir } = options;
  let document: { file: string } | { text: string };
  if (item.document.kind === 'text') document = { text: item.document.text };
  else {
    const { key } = item.document;
    let bytes: Uint8Array | null;
    try {
      bytes = await options.blobs().get({ key });
    } catch (error) {
      return { id: item.id, problem: `its document ${key} could not be read (${(error as Error).name})` };
    }
    if (bytes === null) return { id: item.id, problem: `its document ${key} is not in the blob store` };
    await mkdir(resolve(dir, DOCUMENTS), { recursive: true });
    const name = exportFileName({ id: item.id, mediaType: item.document.mediaType, used: options.used });
    const target = resolve(dir, DOCUMENTS, name);
    // The name is made safe; this keeps that promise even if it were not.
    if (!target.startsWith(`${resolve(dir, DOCUMENTS)}${sep}`)) throw new Error(`unsafe file name ${name}`);
    await writeFile(target, bytes, { flag: 'wx' });
    document = { file: relative(dir, target).split(sep).join('/') };
  }
  const workflow = item.workflow
    ? {
        workflow:
          item.workflow.version === undefined
            ? item.workflow.name
            : `${item.workflow.name}@${item.workflow.version}`,
      }
    : {};
  const line = {
    id: item.id,
    ...document,
    expected: item.expected,
    ...workflow,
    ...(item.tags.length > 0 ? { tags: item.tags } : {}),
  };
  return { line: `${JSON.stringify(line)}\n`, file: 'file' in document };
}

/** Writes every page of `set` to `manifest`, reading documents from the blob store as needed. */
async function exportItems(options: {
  readonly store: LabelledSetStore;
  readonly set: string;
  readonly dir: string;
  readonly manifest: FileHandle;
  readonly blobs: () => BlobStore;
}): Promise<{ items: number; documents: number; skipped: Skipped[] }> {
  const { store, set, dir, manifest } = options;
  const used = new Set<string>();
  const skipped: Skipped[] = [];
  let items = 0;
  let documents = 0;
  let after: string | undefined;
  for (;;) {
    const page = await store.read(set, { limit: PAGE_ITEMS, ...(after === undefined ? {} : { after }) });
    skipped.push(...page.unreadable.map(({ id, problem }) => ({ id, problem: `unreadable: ${problem}` })));
    for (const item of page.items) {
      const written = await manifestLine({ item, dir, blobs: options.blobs, used });
      if ('problem' in written) {
        skipped.push(written);
        continue;
      }
      await manifest.write(written.line);
      items += 1;
      if (written.file) documents += 1;
    }
    if (page.next === null) return { items, documents, skipped };
    after = page.next;
  }
}

/** Runs `quarry eval export`. */
export async function evalExport(
  flags: z.output<typeof EvalExportFlags>,
  context: CliContext,
): Promise<number> {
  const [set, dirArg] = flags.args;
  const dir = resolve(context.cwd, dirArg);
  const blobConfig = readBlobConfig({ env: context.env, program: 'CLI', cwd: context.cwd });
  const { createBlobStore } = await import('./on-demand');
  let opened: ReturnType<typeof createBlobStore> | null = null;
  const blobs = () => {
    opened ??= createBlobStore(blobConfig);
    return opened.store;
  };
  try {
    const result = await withLabelledSets(context, 'eval export', async (store) => {
      if ((await store.summary(set)) === null) return null;
      await emptyDirectory(dir, dirArg);
      const manifest = await open(join(dir, 'manifest.jsonl'), 'wx');
      try {
        return await exportItems({ store, set, dir, manifest, blobs });
      } finally {
        await manifest.close();
      }
    });
    if (result === null) {
      context.stderr(`quarry eval export: no set ${set} is stored; nothing was written\n`);
      return exitCodes.failure;
    }
    const { items, documents, skipped } = result;
    if (flags.json) context.stdout(`${JSON.stringify({ set, dir, items, documents, skipped })}\n`);
    else
      context.stdout(
        `exported ${items} item(s) of set ${set} to ${dirArg} (${documents} document file(s))\n`,
      );
    for (const { id, problem } of skipped) {
      context.stderr(`quarry eval export: item ${JSON.stringify(id)} left out: ${problem}\n`);
    }
    return skipped.length === 0 ? exitCodes.ok : exitCodes.failure;
  } finally {
    (opened as ReturnType<typeof createBlobStore> | null)?.close();
  }
}
