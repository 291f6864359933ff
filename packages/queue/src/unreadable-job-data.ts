import { capUtf8, locateJsonError } from '@quarry/core';
import { terminalText } from '@quarry/env';
import { utf8Bytes } from './utf8-bytes';

/** How much of an unreadable field's raw text is kept: its first 2 KiB of UTF-8. */
export const UNREADABLE_TEXT_BYTES = 2048;

/** Fields of a BullMQ job hash that BullMQ parses as JSON when it reads a job. */
const jsonFields = ['data', 'opts', 'progress', 'parent'] as const;
export type JobJsonField = (typeof jsonFields)[number];

/** One field of a stored job that could not be read. */
export interface UnreadableJobField {
  readonly field: JobJsonField;
  /** What is wrong with it, e.g. `not valid JSON: expected a value but found 'n' at line 1, column 1`. */
  readonly problem: string;
  /** Size of the raw text in UTF-8 bytes. */
  readonly bytes: number;
  /** The raw text's first {@link UNREADABLE_TEXT_BYTES} bytes, control characters written as `\u001b`-style. */
  readonly text: string;
  /** True when `text` is only the start of the raw text. */
  readonly truncated: boolean;
}

/**
 * What a job read from Redis carries as its `data` when a field of its hash is not readable JSON
 * (written by hand, or by a broken producer): which fields, why, and a capped, neutralised copy of
 * each one's raw text, plus the job's data when that field itself was readable. The worker
 * dead-letters such a job as `bad_payload`; dashboards show it instead of failing on it.
 */
export class UnreadableJobData {
  readonly unreadable: readonly UnreadableJobField[];
  /** The job's data, when its `data` field was readable (another field was not). */
  readonly data?: unknown;

  constructor(options: { readonly unreadable: readonly UnreadableJobField[]; readonly data?: unknown }) {
    this.unreadable = options.unreadable;
    if (options.data !== undefined) this.data = options.data;
  }

  /** The unreadable fields of a raw job hash, or null when every JSON field reads. */
  static fromHash(hash: Readonly<Record<string, string | undefined>>): UnreadableJobData | null {
    const unreadable: UnreadableJobField[] = [];
    let data: unknown;
    for (const field of jsonFields) {
      const raw = hash[field];
      if (raw === undefined || raw === '') continue;
      const problem = problemOf(field, raw);
      if (problem === null) {
        if (field === 'data') data = JSON.parse(raw);
        continue;
      }
      const capped = capUtf8(raw, UNREADABLE_TEXT_BYTES);
      unreadable.push({
        field,
        problem,
        bytes: utf8Bytes(raw),
        text: terminalText(capped.text, { multiline: true }),
        truncated: capped.truncated,
      });
    }
    return unreadable.length === 0 ? null : new UnreadableJobData({ unreadable, data });
  }

  /** One line naming each unreadable field and its problem, never its text. */
  describe(): string {
    const fields = this.unreadable.map((entry) => `${entry.field}: ${entry.problem} (${entry.bytes} bytes)`);
    return `The stored job cannot be read: ${fields.join('; ')}. The first ${UNREADABLE_TEXT_BYTES} bytes of each are kept as text in the record's input`;
  }
}

function problemOf(field: JobJsonField, raw: string): string | null {
  const error = locateJsonError(raw);
  if (error) {
    const where = `line ${error.line}, column ${error.column}`;
    return terminalText(`not valid JSON: ${error.problem} at ${where}`, { multiline: true });
  }
  if (field !== 'opts' && field !== 'parent') return null;
  const value: unknown = JSON.parse(raw);
  return typeof value === 'object' && value !== null && !Array.isArray(value) ? null : 'not a JSON object';
}
