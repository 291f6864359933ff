import { resolve } from 'node:path';
import { readFileCapped } from '@quarry/env';
import { EvalReport } from '@quarry/eval';
import { EvalRunId, type EvalRunStore } from '@quarry/queue';
import { UsageError } from '../usage-error';

/** Largest report file `--baseline` reads. */
const MAX_BASELINE_BYTES = 64 * 1024 * 1024;

/** The report `--baseline` names: a report file when one exists at that path, else a stored run. */
export async function readBaseline(options: {
  readonly baseline: string;
  readonly cwd: string;
  readonly runs: EvalRunStore;
}): Promise<EvalReport> {
  const path = resolve(options.cwd, options.baseline);
  let text: string | null;
  try {
    const read = readFileCapped({ path, maxBytes: MAX_BASELINE_BYTES });
    if (read.kind === 'not-a-file')
      throw new UsageError(`--baseline: ${options.baseline} is not a regular file`);
    if (read.kind === 'too-large') throw new UsageError(`--baseline: ${options.baseline} is over 64 MiB`);
    text = read.bytes.toString('utf8');
  } catch (error) {
    if (error instanceof UsageError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    if (code !== 'ENOENT' && code !== 'ENAMETOOLONG') {
      throw new UsageError(`--baseline: cannot read ${options.baseline} (${code ?? (error as Error).name})`, {
        cause: error,
      });
    }
    text = null;
  }
  let report: unknown;
  if (text !== null) {
    try {
      report = JSON.parse(text);
    } catch {
      throw new UsageError(`--baseline: ${options.baseline} is not JSON`);
    }
    const inner = (report as { report?: unknown } | null)?.report;
    if (inner !== undefined) report = inner;
  } else {
    if (!EvalRunId.safeParse(options.baseline).success) {
      throw new UsageError(`--baseline: no report file or stored run "${options.baseline}"`);
    }
    const stored = await options.runs.get(options.baseline);
    if (!stored)
      throw new UsageError(`--baseline: no stored run ${options.baseline} (see "quarry eval runs")`);
    report = stored.report;
  }
  const parsed = EvalReport.safeParse(report);
  if (!parsed.success) {
    const [issue] = parsed.error.issues;
    throw new UsageError(
      `--baseline: ${options.baseline} is not an evaluation report (${issue?.path.join('.') || '(report)'}: ${issue?.message})`,
    );
  }
  return parsed.data;
}
