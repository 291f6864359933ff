import type { Rule, RuleFinding, RuleSeverity } from '@quarry/core';
import jsonata from 'jsonata';
import type { DataRule } from './data-rule';
import { DataRuleError } from './data-rule-error';
import { workflowFileLimits } from './workflow-file-limits';

/** A compiled rule, or why its expression does not compile (with the position in the expression). */
export type CompiledRule =
  | { readonly ok: true; readonly rule: Rule<unknown, unknown> }
  | { readonly ok: false; readonly message: string };

/** JSONata's codes for a run past `timeout` and past `stack`. */
const TIMED_OUT = 'D1012';
const TOO_DEEP = 'D1011';

/**
 * Compiles a data rule's JSONata expression into a workflow rule. Each evaluation is bounded by
 * `ruleTimeoutMs` and `ruleStackDepth` (JSONata's own guardrails); the expression sees the output
 * as its input and the job input as `$input`. `true` passes; `false` reports the rule's message at
 * each of its `paths` (or the whole output); anything else throws a {@link DataRuleError} naming the rule.
 */
export function compileJsonataRule(rule: DataRule): CompiledRule {
  let expression: jsonata.Expression;
  try {
    expression = jsonata(rule.expression, {
      timeout: workflowFileLimits.ruleTimeoutMs,
      stack: workflowFileLimits.ruleStackDepth,
    });
  } catch (error) {
    return { ok: false, message: `expression does not compile: ${describeJsonataError(error)}` };
  }
  return {
    ok: true,
    rule: {
      id: rule.id,
      description: rule.message,
      severity: severityOf(rule),
      check: async (data, context) =>
        verdict(rule, await evaluate(rule.id, expression, data, context.input), data),
    },
  };
}

function severityOf(rule: DataRule): RuleSeverity {
  if (rule.fatal) return 'fatal';
  return rule.severity === 'review' ? 'review' : 'retry';
}

async function evaluate(ruleId: string, expression: jsonata.Expression, data: unknown, input: unknown) {
  try {
    return await expression.evaluate(data, { input });
  } catch (cause) {
    const code = codeOf(cause);
    const failure = code === TIMED_OUT ? 'timed-out' : code === TOO_DEEP ? 'too-deep' : 'threw';
    const detail =
      failure === 'timed-out'
        ? `ran longer than ${workflowFileLimits.ruleTimeoutMs} ms`
        : failure === 'too-deep'
          ? `recursed deeper than ${workflowFileLimits.ruleStackDepth} levels`
          : `failed: ${describeJsonataError(cause)}`;
    throw new DataRuleError({ ruleId, failure, detail, code, cause });
  }
}

function verdict(rule: DataRule, result: unknown, data: unknown): RuleFinding[] {
  if (result === true) return [];
  if (result !== false) {
    const got =
      result === undefined
        ? 'nothing (no field matched)'
        : `a ${Array.isArray(result) ? 'list' : typeof result}`;
    throw new DataRuleError({
      ruleId: rule.id,
      failure: 'not-boolean',
      detail: `must give true or false, gave ${got}`,
    });
  }
  if (!rule.paths || rule.paths.length === 0) return [{ path: '', message: rule.message }];
  return rule.paths.map((path) => ({ path, message: rule.message, received: valueAt(data, path) }));
}

/** The value at a dotted path with indices (`lineItems[0].amount`), or undefined. */
function valueAt(data: unknown, path: string): unknown {
  let value: unknown = data;
  for (const step of path.match(/[^.[\]]+/g) ?? []) {
    if (value === null || typeof value !== 'object') return undefined;
    value = (value as Record<string, unknown>)[step];
  }
  return value;
}

function codeOf(error: unknown): string | null {
  const code = error !== null && typeof error === 'object' ? (error as { code?: unknown }).code : undefined;
  return typeof code === 'string' ? code : null;
}

/** JSONata errors are plain objects with `code`, `position` and `message`. */
function describeJsonataError(error: unknown): string {
  if (error === null || typeof error !== 'object') return String(error);
  const { message, position, code } = error as { message?: unknown; position?: unknown; code?: unknown };
  const at = typeof position === 'number' ? ` at position ${position}` : '';
  const id = typeof code === 'string' ? ` (${code})` : '';
  return `${typeof message === 'string' ? message : 'unknown error'}${at}${id}`;
}
