import { writeFile } from 'node:fs/promises';
import type { EvalReport } from '@quarry/eval';

/**
 * Keeps a finished run's report: first in the `--out` file (when asked), then in Redis (`save`). A
 * failure of either is returned as a problem, never thrown, so a report paid for is always printed
 * and kept wherever it still can be (a Redis gone away, an oversize run, an unwritable path).
 */
export async function keepEvalReport(options: {
  readonly report: EvalReport;
  /** The `--out` path, resolved; null when not asked. */
  readonly outPath: string | null;
  readonly save: () => Promise<void>;
}): Promise<{ readonly problems: readonly string[] }> {
  const problems: string[] = [];
  const reason = (error: unknown) =>
    error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  if (options.outPath !== null) {
    try {
      await writeFile(options.outPath, `${JSON.stringify(options.report, null, 2)}\n`);
    } catch (error) {
      problems.push(`the report could not be written to ${options.outPath} (${reason(error)})`);
    }
  }
  try {
    await options.save();
  } catch (error) {
    problems.push(`the run could not be stored (${reason(error)}); it is printed above`);
  }
  return { problems };
}
