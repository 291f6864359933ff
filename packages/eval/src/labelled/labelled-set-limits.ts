import { z } from 'zod';

const MIB = 1024 * 1024;

/** Each limit's [least, most, default]. */
const BOUNDS = {
  maxItems: [1, 1_000_000, 10_000],
  maxManifestBytes: [1024, 1024 * MIB, 64 * MIB],
  maxExpectedBytes: [16, 256 * MIB, MIB],
  maxTextBytes: [1, 256 * MIB, MIB],
  maxDocumentBytes: [1, 4096 * MIB, 32 * MIB],
} as const;

const limit = (name: keyof typeof BOUNDS) => z.int().min(BOUNDS[name][0]).max(BOUNDS[name][1]);

/**
 * What `readLabelledDirectory` reads at most:
 * - `maxItems` (default 10,000): items of a set; also the most non-blank lines of `manifest.jsonl`,
 *   and (× 4) the most entries of a directory without a manifest;
 * - `maxManifestBytes` (default 64 MiB): size of `manifest.jsonl`;
 * - `maxExpectedBytes` (default 1 MiB): an expected output, a JSON file or inline (as JSON);
 * - `maxTextBytes` (default 1 MiB): a text document, inline or a `.txt`/`.md` file, in UTF-8 bytes;
 * - `maxDocumentBytes` (default 32 MiB, the blob store's default): a PDF or image file.
 */
export const LabelledSetLimits = z.object({
  maxItems: limit('maxItems'),
  maxManifestBytes: limit('maxManifestBytes'),
  maxExpectedBytes: limit('maxExpectedBytes'),
  maxTextBytes: limit('maxTextBytes'),
  maxDocumentBytes: limit('maxDocumentBytes'),
});
export type LabelledSetLimits = z.infer<typeof LabelledSetLimits>;
/** What callers may pass: every limit is optional. */
export type LabelledSetLimitsInput = Partial<Record<keyof LabelledSetLimits, number>>;

/**
 * The limits with every default filled in: numbers are floored and clamped into their range (see
 * `BOUNDS`), a value that is not a finite number takes the default.
 */
export function labelledSetLimits(input: LabelledSetLimitsInput = {}): LabelledSetLimits {
  const clamp = (name: keyof typeof BOUNDS): number => {
    const [least, most, fallback] = BOUNDS[name];
    const value = input[name];
    return typeof value === 'number' && Number.isFinite(value)
      ? Math.min(Math.max(Math.floor(value), least), most)
      : fallback;
  };
  return {
    maxItems: clamp('maxItems'),
    maxManifestBytes: clamp('maxManifestBytes'),
    maxExpectedBytes: clamp('maxExpectedBytes'),
    maxTextBytes: clamp('maxTextBytes'),
    maxDocumentBytes: clamp('maxDocumentBytes'),
  };
}
