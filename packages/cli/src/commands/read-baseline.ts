import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
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
  const text = await readFile(path, 'utf8').catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT' || error.code === 'ENAMETOOLONG') return null;
    throw new UsageError(`--baseline: cannot read ${options.baseline} (${error.code ?? error.name})`, {
      cause: error,
    });
  });
  let report: unknown;
  if (text !== null) {
    if (text.length > MAX_BASELINE_BYTES)
      throw new UsageError(`--baseline: ${options.baseline} is over 64 MiB`);
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
