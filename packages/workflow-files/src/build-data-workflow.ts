import {
  type AnyWorkflow,
  defineWorkflow,
  GroundingConfigError,
  type GroundingSetting,
  type Rule,
  splitPathProblems,
  toOutputJsonSchema,
  WorkflowExampleError,
} from '@quarry/core';
import { TextInput } from '@quarry/workflows';
import type { z } from 'zod';
import { DataRuleError } from './data-rule-error';
import { DataWorkflowFile } from './data-workflow-file';
import { jsonPath } from './json-path';
import { jsonSchemaToZod } from './json-schema-to-zod';
import { compileJsonataRule } from './jsonata-rule';

interface Problem {
  readonly path: string;
  readonly message: string;
}

/** A workflow built from a data file, or every problem found in it. */
export type BuiltWorkflow =
  | { readonly ok: true; readonly workflow: AnyWorkflow }
  | { readonly ok: false; readonly problems: readonly Problem[] };

/**
 * Builds a workflow from a parsed data file: checks its fields ({@link DataWorkflowFile}), converts
 * its schemas, compiles its rules, defines it with core's `defineWorkflow` and runs every rule on
 * every few-shot example (an expression that throws, loops or gives no boolean there is a load error).
 */
export async function buildDataWorkflow(options: { value: unknown }): Promise<BuiltWorkflow> {
  const parsed = DataWorkflowFile.safeParse(options.value);
  if (!parsed.success) {
    return {
      ok: false,
      problems: parsed.error.issues.map((issue) => ({ path: jsonPath(issue.path), message: issue.message })),
    };
  }
  const file = parsed.data;
  const problems: Problem[] = [];
  const output = schemaOf(file.output, 'output', problems);
  const input = file.input === undefined ? TextInput : schemaOf(file.input, 'input', problems);
  const rules = rulesOf(file, problems);
  if (output) problems.push(...splitProblems(file, output));
  if (!output || !input || problems.length > 0) return { ok: false, problems };
  const defined = define(file, { input, output, rules });
  if (!defined.ok) return defined;
  const sendable = outputSchemaProblem(defined.workflow);
  if (sendable) return { ok: false, problems: [sendable] };
  const ruleProblems = await examplesProblems(defined.workflow, file);
  return ruleProblems.length > 0 ? { ok: false, problems: ruleProblems } : defined;
}

function schemaOf(schema: Record<string, unknown>, at: string, problems: Problem[]): z.ZodType | null {
  const converted = jsonSchemaToZod({ schema, at });
  if (converted.ok) return converted.schema;
  problems.push(...converted.problems);
  return null;
}

/** The split setting's paths checked against the output schema, each problem under `split`. */
function splitProblems(file: DataWorkflowFile, output: z.ZodType): Problem[] {
  const setting = file.split;
  if (setting === undefined || typeof setting === 'string') return [];
  let outputJsonSchema: Record<string, unknown>;
  try {
    outputJsonSchema = toOutputJsonSchema(output);
  } catch (error) {
    if (error instanceof TypeError) return []; // named under `output` once the workflow is defined
    throw error;
  }
  return splitPathProblems({ setting, outputJsonSchema }).map((message) => ({ path: 'split', message }));
}

function rulesOf(file: DataWorkflowFile, problems: Problem[]): Rule<unknown, unknown>[] {
  return file.rules.flatMap((rule, index) => {
    const compiled = compileJsonataRule(rule);
    if (compiled.ok) return [compiled.rule];
    problems.push({ path: `rules[${index}].expression`, message: `rule "${rule.id}": ${compiled.message}` });
    return [];
  });
}

function define(
  file: DataWorkflowFile,
  parts: { input: z.ZodType; output: z.ZodType; rules: Rule<unknown, unknown>[] },
): BuiltWorkflow {
  const { output: _output, input: _input, rules: _rules, grounding, ...fields } = file;
  try {
    const workflow = defineWorkflow({
      ...fields,
      ...parts,
      ...(grounding === undefined ? {} : { grounding: grounding as GroundingSetting }),
    });
    return { ok: true, workflow };
  } catch (error) {
    if (error instanceof WorkflowExampleError) {
      return {
        ok: false,
        problems: [
          { path: `examples${error.index === null ? '' : `[${error.index}]`}`, message: error.message },
        ],
      };
    }
    if (error instanceof GroundingConfigError) {
      return { ok: false, problems: error.problems.map((message) => ({ path: 'grounding', message })) };
    }
    if (error instanceof TypeError) return { ok: false, problems: [{ path: '', message: error.message }] };
    throw error;
  }
}

/** The output schema must be sendable as a structured-output schema (no records, for one). */
function outputSchemaProblem(workflow: AnyWorkflow): Problem | null {
  try {
    toOutputJsonSchema(workflow.output);
    return null;
  } catch (error) {
    if (error instanceof TypeError) return { path: 'output', message: error.message };
    throw error;
  }
}

async function examplesProblems(workflow: AnyWorkflow, file: DataWorkflowFile): Promise<Problem[]> {
  const problems: Problem[] = [];
  for (const [index, rule] of workflow.rules.entries()) {
    for (const [n, example] of (file.examples ?? []).entries()) {
      try {
        await rule.check(workflow.output.parse(example.output), { input: { text: example.text } });
      } catch (error) {
        if (!(error instanceof DataRuleError)) throw error;
        problems.push({ path: `rules[${index}].expression`, message: `on examples[${n}]: ${error.message}` });
      }
    }
  }
  return problems;
}
