import type { z } from 'zod';
import type { AnyWorkflow } from '../workflow/define-workflow';
import type { ExtractOptions } from './extract-options';
import type { ExtractionResult } from './extraction-result';
import { ExtractionRun } from './extraction-run';

/**
 * Runs one extraction job: asks the model, validates the reply (parse, schema, rules), and on
 * failure tells the model exactly what was wrong and asks again, within `maxAttempts` replies and
 * the optional token and cost budget. Every attempt is stored (when `attempts` is given) before
 * the next call, and a job with stored attempts resumes after them without paying for them again.
 * A workflow's model ladder (`models`) starts on its first model and moves up as `ladderStep`
 * decides; each request follows the model table's rules for its model (tool choice, effort, the
 * effort ladder, which starts afresh on each model), opts into cache diagnostics naming the previous
 * attempt's message id, and names the workflow's server-side fallback models.
 *
 * @throws ExtractionExhaustedError (`validation_exhausted`, `no_progress`, `budget_exhausted`)
 * @throws ExtractionRejectedError (`refused`, `fatal_rule`)
 * @throws ModelTransportError from the model client, untouched; it is not an attempt.
 * @throws RuleCheckError when a rule throws; TypeError for invalid options.
 */
export async function extract<W extends AnyWorkflow>(
  options: ExtractOptions<W>,
): Promise<ExtractionResult<z.output<W['output']>>> {
  const run = new ExtractionRun(options);
  if (options.attempts) {
    const resumed = await run.resume(options.attempts);
    if (resumed) return resumed;
  }
  for (;;) {
    const { request, effort } = run.nextCall();
    options.signal?.throwIfAborted();
    const started = run.now();
    const response = await options.model.generate(request, {
      attempt: run.used + 1,
      ...(options.signal ? { signal: options.signal } : {}),
    });
    const result = await run.judge({ response, started, effort });
    if (result) return result;
  }
}
