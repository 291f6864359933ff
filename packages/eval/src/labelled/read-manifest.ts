import { locateJsonError } from '@quarry/core';
import { readFileCapped } from '@quarry/env';
import type { LabelledDirectoryItem } from './labelled-directory-item';
import type { LabelledSetLimits } from './labelled-set-limits';
import { type LabelledSetProblem, labelledSetProblem } from './labelled-set-problem';
import { ManifestLine, manifestLineIssues } from './manifest-line';
import { checkExpected, readSetDocument, readSetExpected, type SetRead } from './set-files';

/** Options of {@link readManifest}. */
export interface ReadManifestOptions {
  /** The set directory's real path. */
  readonly root: string;
  /** The manifest's real path (inside `root`). */
  readonly manifest: string;
  readonly limits: LabelledSetLimits;
  /** Where every problem found goes (each an error: a manifest is meant to be right). */
  readonly problems: LabelledSetProblem[];
}

const utf8 = new TextDecoder('utf-8', { fatal: true });
const FILE = 'manifest.jsonl';

/** The manifest's text, its non-blank lines with their numbers; null after a problem. */
function manifestLines(options: ReadManifestOptions): { line: number; text: string }[] | null {
  const { limits, problems } = options;
  const fail = (kind: LabelledSetProblem['kind'], message: string) => {
    problems.push(labelledSetProblem('error', kind, { file: FILE }, message));
    return null;
  };
  let bytes: Buffer;
  try {
    const read = readFileCapped({ path: options.manifest, maxBytes: limits.maxManifestBytes });
    if (read.kind === 'not-a-file') return fail('not-a-file', 'the manifest is not a regular file');
    if (read.kind === 'too-large')
      return fail('too-large', `the manifest is over ${limits.maxManifestBytes} bytes`);
    bytes = read.bytes;
  } catch {
    return fail('unreadable', 'the manifest cannot be read');
  }
  let text: string;
  try {
    text = utf8.decode(bytes);
  } catch {
    return fail('not-utf8', 'the manifest is not UTF-8 text');
  }
  const lines = text
    .split('\n')
    .map((line, index) => ({ line: index + 1, text: line.endsWith('\r') ? line.slice(0, -1) : line }))
    .filter((line) => line.text.trim() !== '');
  if (lines.length > limits.maxItems)
    return fail(
      'too-many-lines',
      `the manifest has ${lines.length} items; at most ${limits.maxItems} are read`,
    );
  return lines;
}

/**
 * Reads `manifest.jsonl`: each non-blank line one item, checked in full (its JSON, its members, its
 * document and expected output inside the set directory). Every problem is recorded; items are
 * returned only for lines without one.
 */
export async function readManifest(options: ReadManifestOptions): Promise<LabelledDirectoryItem[]> {
  const { root, limits, problems } = options;
  const lines = manifestLines(options);
  if (lines === null) return [];
  const items: LabelledDirectoryItem[] = [];
  const seen = new Map<string, number>();
  for (const { line, text } of lines) {
    const fail = (kind: LabelledSetProblem['kind'], message: string, file?: string) =>
      problems.push(
        labelledSetProblem('error', kind, { line, ...(file === undefined ? {} : { file }) }, message),
      );
    const located = locateJsonError(text);
    if (located !== null) {
      fail('not-json', `not JSON: column ${located.column}: ${located.problem}`);
      continue;
    }
    const parsed = ManifestLine.safeParse(JSON.parse(text));
    if (!parsed.success) {
      fail('bad-item', manifestLineIssues(parsed.error));
      continue;
    }
    const entry = parsed.data;
    const earlier = seen.get(entry.id);
    if (earlier !== undefined) {
      fail('duplicate-id', `the id is already used on line ${earlier}`);
      continue;
    }
    seen.set(entry.id, line);

    const document =
      entry.file === undefined
        ? inlineText(entry.text ?? '', limits)
        : await readSetDocument(root, entry.file, limits);
    if (document.kind === 'problem') fail(document.problem, `document: ${document.message}`, entry.file);
    const expected =
      typeof entry.expected === 'string'
        ? await readSetExpected(root, entry.expected, limits)
        : checkExpected(entry.expected, limits.maxExpectedBytes);
    if (expected.kind === 'problem')
      fail(
        expected.problem,
        `expected: ${expected.message}`,
        typeof entry.expected === 'string' ? entry.expected : undefined,
      );
    if (document.kind === 'problem' || expected.kind === 'problem') continue;
    items.push({
      id: entry.id,
      document: document.value,
      expected: expected.value,
      ...(entry.workflow === undefined ? {} : { workflow: entry.workflow }),
      tags: entry.tags,
    });
  }
  return items;
}

function inlineText(text: string, limits: LabelledSetLimits): SetRead<{ kind: 'text'; text: string }> {
  if (Buffer.byteLength(text) > limits.maxTextBytes)
    return {
      kind: 'problem',
      problem: 'too-large',
      message: `the text is over ${limits.maxTextBytes} bytes`,
    };
  if (text.trim() === '') return { kind: 'problem', problem: 'empty-document', message: 'the text is empty' };
  return { kind: 'read', value: { kind: 'text', text } };
}
