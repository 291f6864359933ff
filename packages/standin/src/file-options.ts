import { z } from 'zod';
import { InvalidStandinOptionsError } from './invalid-standin-options-error';

/** The Files API's own limit on one upload: 500 MB (checked 2026-11-24, see the README). */
const apiMaxFileBytes = 500 * 1000 * 1000;

/**
 * The stand-in's Files API store, kept in memory: at most `maxFiles` files and `maxTotalBytes`
 * bytes in all (an upload past either answers 400 `storage_quota_exceeded`, as a full
 * organisation does), each at most `maxFileBytes` (never above the API's 500 MB; 413 past it).
 */
export const FileOptions = z.object({
  maxFiles: z.number().int().min(1).max(1_000_000).default(1000),
  maxTotalBytes: z
    .number()
    .int()
    .min(1)
    .max(8 * 1024 ** 3)
    .default(256 * 1024 * 1024),
  maxFileBytes: z.number().int().min(1).max(apiMaxFileBytes).default(apiMaxFileBytes),
});
export type FileOptions = z.input<typeof FileOptions>;
export type ResolvedFileOptions = z.output<typeof FileOptions>;

/** The file options with defaults, or an {@link InvalidStandinOptionsError} naming each problem. */
export function resolveFileOptions(options: FileOptions | undefined): ResolvedFileOptions {
  const parsed = FileOptions.safeParse(options ?? {});
  if (parsed.success) return parsed.data;
  throw new InvalidStandinOptionsError({
    problems: parsed.error.issues.map((issue) => `files.${issue.path.join('.')}: ${issue.message}`),
  });
}
