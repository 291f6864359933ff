import { createHash } from 'node:crypto';
import { readFile, realpath, stat } from 'node:fs/promises';
import { isAbsolute, join, relative, resolve, sep } from 'node:path';
import { terminalText } from '@quarry/env';
import { z } from 'zod';
import { InvalidStandinOptionsError } from './invalid-standin-options-error';
import { LabelledManifestLine } from './labelled-manifest-line';
import { LabelledSetError, type LabelledSetProblem } from './labelled-set-error';
import { sniffMediaType } from './sniff-media-type';
import type { CorpusEntry } from './standin-options';

const MiB = 1024 * 1024;

/** The most a labelled set may hold; `readLabelledSet`'s `limits` may only lower them. */
export const labelledSetLimits = {
  manifestBytes: 64 * MiB,
  manifestLines: 100_000,
  /** Each document file (a request holds at most 32 MB). */
  fileBytes: 32 * MiB,
  /** Each expected-output JSON file. */
  expectedBytes: 8 * MiB,
  /** Every file of the set together. */
  totalBytes: 1024 * MiB,
} as const;

const limit = (most: number) =>
  z
    .number()
    .int()
    .positive()
    .optional()
    .transform((value) => Math.min(value ?? most, most));
const LabelledSetLimits = z.strictObject({
  manifestBytes: limit(labelledSetLimits.manifestBytes),
  manifestLines: limit(labelledSetLimits.manifestLines),
  fileBytes: limit(labelledSetLimits.fileBytes),
  expectedBytes: limit(labelledSetLimits.expectedBytes),
  totalBytes: limit(labelledSetLimits.totalBytes),
});

/** The workflow of items whose line names none. */
const unnamedWorkflow = 'labelled';

/** Options of {@link readLabelledSet}. */
export interface ReadLabelledSetOptions {
  /** The set's directory, holding `manifest.jsonl`. */
  readonly dir: string;
  /** Lower limits than {@link labelledSetLimits} (larger ones are clamped to them). */
  readonly limits?: Partial<Record<keyof typeof labelledSetLimits, number>>;
}

const shown = (path: string): string => terminalText(JSON.stringify(path));

/**
 * Reads a labelled set directory (`DIR/manifest.jsonl`, one item a line, see
 * `LabelledManifestLine`) into simulated-model corpus entries whose truth is each item's expected
 * output: `text` items by their text, `file` items by their bytes when they are a PDF or an image
 * (`sha256`), else as UTF-8 text. Blank lines are skipped.
 *
 * @throws LabelledSetError naming the line and the problem: a missing or oversized manifest, too many
 *   lines, a line that is not JSON or not an item, a duplicate id or document, a file outside the
 *   directory, missing, too large or neither a PDF, an image nor text, an expected file that is not a
 *   JSON object, a set over its total size, or a set without items.
 * @throws InvalidStandinOptionsError when `limits` are not positive integers.
 */
export async function readLabelledSet(options: ReadLabelledSetOptions): Promise<CorpusEntry[]> {
  const parsedLimits = LabelledSetLimits.safeParse(options.limits ?? {});
  if (!parsedLimits.success)
    throw new InvalidStandinOptionsError({
      problems: [`labelled set limits: ${z.prettifyError(parsedLimits.error).replaceAll('\n', ' ')}`],
    });
  const limits = parsedLimits.data;
  const fail = (problem: LabelledSetProblem, line: number | null, message: string, cause?: unknown) =>
    new LabelledSetError({ problem, line, message, cause });
  const manifestPath = join(options.dir, 'manifest.jsonl');
  const manifestSize = await stat(manifestPath).then(
    (found) => (found.isFile() ? found.size : null),
    () => null,
  );
  if (manifestSize === null)
    throw fail('manifest-missing', null, `no manifest file at ${shown(manifestPath)}`);
  if (manifestSize > limits.manifestBytes)
    throw fail(
      'manifest-too-large',
      null,
      `the manifest is over ${limits.manifestBytes} bytes (${manifestSize})`,
    );
  const root = await realpath(options.dir);
  const lines = (await readFile(manifestPath, 'utf8')).replace(/^\uFEFF/, '').split('\n');
  const items = lines.filter((line) => line.trim() !== '').length;
  if (items > limits.manifestLines)
    throw fail('too-many-lines', null, `the manifest has ${items} items, more than ${limits.manifestLines}`);
  const reader = new SetFiles({ root, limits, fail });
  const entries: CorpusEntry[] = [];
  const ids = new Map<string, number>();
  const documents = new Map<string, number>();
  for (const [index, raw] of lines.entries()) {
    const line = index + 1;
    if (raw.trim() === '') continue;
    const item = parseLine(raw, line, fail);
    const earlier = ids.get(item.id);
    if (earlier !== undefined) throw fail('duplicate-id', line, `id is also the id of line ${earlier}`);
    ids.set(item.id, line);
    const document =
      item.text !== undefined ? { text: item.text } : await reader.document(item.file ?? '', line);
    const key = 'text' in document ? `text:${document.text}` : `sha256:${document.sha256}`;
    const same = documents.get(key);
    if (same !== undefined)
      throw fail(
        'duplicate-document',
        line,
        `the document is also line ${same}'s: the stand-in could not tell which truth to answer`,
      );
    documents.set(key, line);
    const truth =
      typeof item.expected === 'string' ? await reader.expected(item.expected, line) : item.expected;
    const workflow = item.workflow?.split('@')[0] ?? unnamedWorkflow;
    entries.push({ workflow, id: item.id, truth, ...document });
  }
  if (entries.length === 0) throw fail('empty-set', null, 'the manifest holds no items');
  return entries;
}

type Fail = (
  problem: LabelledSetProblem,
  line: number | null,
  message: string,
  cause?: unknown,
) => LabelledSetError;

function parseLine(raw: string, line: number, fail: Fail): LabelledManifestLine {
  let json: unknown;
  try {
    json = JSON.parse(raw);
  } catch (error) {
    const at = /at position (\d+)/.exec((error as Error).message)?.[1];
    throw fail('invalid-json', line, `not valid JSON${at ? ` (at character ${Number(at) + 1})` : ''}`, error);
  }
  const parsed = LabelledManifestLine.safeParse(json);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) =>
    issue.path.length > 0 ? `${issue.path.join('.')}: ${issue.message}` : issue.message,
  );
  throw fail('invalid-item', line, terminalText(problems.join('; ')), parsed.error);
}

/** Reads the files a manifest names, inside the set's directory and within the limits. */
class SetFiles {
  #total = 0;
  readonly #root: string;
  readonly #limits: z.output<typeof LabelledSetLimits>;
  readonly #fail: Fail;

  constructor(options: { root: string; limits: z.output<typeof LabelledSetLimits>; fail: Fail }) {
    this.#root = options.root;
    this.#limits = options.limits;
    this.#fail = options.fail;
  }

  /** A PDF or image by its bytes' sha-256, anything else as UTF-8 text. */
  async document(path: string, line: number): Promise<{ text: string } | { sha256: string }> {
    const bytes = await this.#read(path, line, this.#limits.fileBytes);
    if (sniffMediaType(bytes) !== null) return { sha256: createHash('sha256').update(bytes).digest('hex') };
    let text: string;
    try {
      text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
    } catch (error) {
      throw this.#fail('not-text', line, `${shown(path)} is neither a PDF, an image nor UTF-8 text`, error);
    }
    if (text.trim() === '') throw this.#fail('not-text', line, `${shown(path)} is empty`);
    return { text };
  }

  /** The JSON object in an expected-output file. */
  async expected(path: string, line: number): Promise<Record<string, unknown>> {
    const bytes = await this.#read(path, line, this.#limits.expectedBytes);
    let value: unknown;
    try {
      value = JSON.parse(bytes.toString('utf8'));
    } catch (error) {
      throw this.#fail('invalid-expected', line, `expected ${shown(path)} is not valid JSON`, error);
    }
    if (typeof value !== 'object' || value === null || Array.isArray(value))
      throw this.#fail('invalid-expected', line, `expected ${shown(path)} must hold a JSON object`);
    return value as Record<string, unknown>;
  }

  async #read(path: string, line: number, most: number): Promise<Buffer> {
    const inside = (candidate: string): boolean => {
      const rest = relative(this.#root, candidate);
      return rest !== '' && rest !== '..' && !rest.startsWith(`..${sep}`) && !isAbsolute(rest);
    };
    const outside = () => this.#fail('outside-set', line, `${shown(path)} is outside the set's directory`);
    if (isAbsolute(path) || !inside(resolve(this.#root, path))) throw outside();
    let real: string;
    try {
      real = await realpath(resolve(this.#root, path));
    } catch (error) {
      throw this.#fail('missing-file', line, `${shown(path)} does not exist in the set's directory`, error);
    }
    if (!inside(real)) throw outside();
    const found = await stat(real);
    if (!found.isFile()) throw this.#fail('missing-file', line, `${shown(path)} is not a file`);
    if (found.size > most) throw this.#fail('file-too-large', line, `${shown(path)} is over ${most} bytes`);
    this.#total += found.size;
    if (this.#total > this.#limits.totalBytes)
      throw this.#fail(
        'set-too-large',
        line,
        `the set's files add up to more than ${this.#limits.totalBytes} bytes`,
      );
    return readFile(real);
  }
}
