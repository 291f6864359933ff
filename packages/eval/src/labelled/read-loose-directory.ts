import { opendir } from 'node:fs/promises';
import { extname } from 'node:path';
import { type LabelledDirectoryItem, LabelledItemId } from './labelled-directory-item';
import type { LabelledSetLimits } from './labelled-set-limits';
import { type LabelledSetProblem, labelledSetProblem } from './labelled-set-problem';
import { fileTypeOf, readSetDocument, readSetExpected } from './set-files';
import { resolveSetDirectory } from './set-paths';

/** Options of {@link readLooseDirectory}. */
export interface ReadLooseDirectoryOptions {
  /** The set directory's real path. */
  readonly root: string;
  readonly limits: LabelledSetLimits;
  /** Where every problem found goes: errors, and entries skipped. */
  readonly problems: LabelledSetProblem[];
}

const EXPECTED_DIR = 'expected';

interface Entry {
  readonly name: string;
  readonly isDirectory: boolean;
  /** A directory, or a symbolic link (which may lead to one). */
  readonly mayBeDirectory: boolean;
}

/** The entries of a directory by name, or null past `maxEntries`. Dot files are left out. */
async function entriesOf(path: string, maxEntries: number): Promise<Entry[] | null> {
  const entries: Entry[] = [];
  for await (const entry of await opendir(path)) {
    if (entry.name.startsWith('.')) continue;
    if (entries.length === maxEntries) return null;
    entries.push({
      name: entry.name,
      isDirectory: entry.isDirectory(),
      mayBeDirectory: entry.isDirectory() || entry.isSymbolicLink(),
    });
  }
  return entries.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
}

const stem = (name: string) => name.slice(0, name.length - extname(name).length);

/**
 * Reads a set directory without a manifest: each document `NAME.<ext>` (pdf, png, jpg, jpeg, gif,
 * webp, txt, md) with its expected output `NAME.json` beside it or in `expected/`; the item id is
 * NAME. A document without an expected output, an expected output without a document and any other
 * entry are skipped (and recorded); two documents or two expected outputs of one NAME, and a document
 * or expected output that cannot be read, are errors. Items are in order of id.
 */
export async function readLooseDirectory(
  options: ReadLooseDirectoryOptions,
): Promise<LabelledDirectoryItem[]> {
  const { root, limits, problems } = options;
  const maxEntries = limits.maxItems * 4;
  const tooMany = () =>
    problems.push(
      labelledSetProblem('error', 'too-many-files', {}, `the directory has more than ${maxEntries} entries`),
    );
  const entries = await entriesOf(root, maxEntries);
  if (entries === null) {
    tooMany();
    return [];
  }

  const documents = new Map<string, string[]>();
  const expecteds = new Map<string, string[]>();
  const add = (map: Map<string, string[]>, id: string, file: string) =>
    map.set(id, [...(map.get(id) ?? []), file]);
  const skip = (kind: LabelledSetProblem['kind'], file: string, message: string) =>
    problems.push(labelledSetProblem('skipped', kind, { file }, message));

  const isExpectedDir = (entry: Entry) => entry.name === EXPECTED_DIR && entry.mayBeDirectory;
  for (const entry of entries) {
    if (isExpectedDir(entry)) continue;
    if (extname(entry.name).toLowerCase() === '.json') add(expecteds, stem(entry.name), entry.name);
    else if (fileTypeOf(entry.name) !== undefined) add(documents, stem(entry.name), entry.name);
    else if (entry.isDirectory) skip('ignored', entry.name, 'a directory (only expected/ is read)');
    else
      skip(
        'unknown-media-type',
        entry.name,
        'not a document (pdf, png, jpg, jpeg, gif, webp, txt, md) nor .json',
      );
  }
  if (entries.some(isExpectedDir)) {
    const folder = await resolveSetDirectory(root, EXPECTED_DIR);
    if (folder.kind === 'problem') {
      problems.push(labelledSetProblem('error', folder.problem, { file: EXPECTED_DIR }, folder.message));
      return [];
    }
    const inside = await entriesOf(folder.path, maxEntries - entries.length);
    if (inside === null) {
      tooMany();
      return [];
    }
    for (const entry of inside) {
      const file = `${EXPECTED_DIR}/${entry.name}`;
      if (extname(entry.name).toLowerCase() === '.json') add(expecteds, stem(entry.name), file);
      else skip('ignored', file, 'not a .json file');
    }
  }
  return pairItems({ ...options, documents, expecteds });
}

async function pairItems(
  options: ReadLooseDirectoryOptions & {
    readonly documents: ReadonlyMap<string, string[]>;
    readonly expecteds: ReadonlyMap<string, string[]>;
  },
): Promise<LabelledDirectoryItem[]> {
  const { root, limits, problems, documents, expecteds } = options;
  const ids = [...new Set([...documents.keys(), ...expecteds.keys()])].sort((a, b) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  const items: LabelledDirectoryItem[] = [];
  for (const id of ids) {
    const [docs = [], labels = []] = [documents.get(id), expecteds.get(id)];
    const fail = (kind: LabelledSetProblem['kind'], file: string, message: string) =>
      problems.push(labelledSetProblem('error', kind, { file }, message));
    if (docs.length > 1)
      fail('duplicate-id', docs.join(', '), 'documents of one id (file name less extension)');
    if (labels.length > 1) fail('duplicate-id', labels.join(', '), 'expected outputs of one id');
    if (docs.length > 1 || labels.length > 1) continue;
    const [doc, label] = [docs[0], labels[0]];
    if (doc === undefined || label === undefined) {
      problems.push(
        doc === undefined
          ? labelledSetProblem(
              'skipped',
              'no-document',
              { file: label ?? id },
              'an expected output without a document',
            )
          : labelledSetProblem(
              'skipped',
              'no-expected',
              { file: doc },
              'a document without an expected output',
            ),
      );
      continue;
    }
    const checkedId = LabelledItemId.safeParse(id);
    if (!checkedId.success) {
      fail(
        'bad-item',
        doc,
        `the name is not a usable id: ${checkedId.error.issues[0]?.message ?? 'invalid'}`,
      );
      continue;
    }
    const document = await readSetDocument(root, doc, limits);
    if (document.kind === 'problem') fail(document.problem, doc, `document: ${document.message}`);
    const expected = await readSetExpected(root, label, limits);
    if (expected.kind === 'problem') fail(expected.problem, label, `expected: ${expected.message}`);
    if (document.kind === 'problem' || expected.kind === 'problem') continue;
    items.push({ id, document: document.value, expected: expected.value, tags: [] });
  }
  return items;
}
