import { InvalidJobDataError, WorkflowNotFoundError } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { parseJob } from './parse-job';
import { testRegistry } from './worker-test-harness';

const registry = testRegistry();
const allowedModels = ['claude-sonnet-4-5'];

function problemsOf(data: unknown): readonly string[] {
  try {
    parseJob({ data, registry, allowedModels });
  } catch (error) {
    if (error instanceof InvalidJobDataError) return error.problems;
    throw error;
  }
  throw new Error('expected the job to be rejected');
}

describe('parseJob', () => {
  it('resolves the workflow (latest version when none is named) and parses the input', () => {
    const parsed = parseJob({
      data: { workflow: 'note', input: { text: 'hello' } },
      registry,
      allowedModels,
    });
    expect(parsed.workflow.version).toBe(2);
    expect(parsed.input).toEqual({ text: 'hello' });
    expect(
      parseJob({ data: { workflow: 'note', version: 1, input: { text: 'x' } }, registry, allowedModels })
        .workflow.version,
    ).toBe(1);
  });

  it('lists every way the job data breaks the contract', () => {
    const problems = problemsOf({ workflow: 42, metadata: { nested: { no: 1 } }, extra: true });
    const where = problems.map((problem) => problem.slice(0, problem.indexOf(': ')));
    expect(where).toEqual(expect.arrayContaining(['workflow', 'metadata.nested', '(job data)']));
    expect(problems.find((problem) => problem.startsWith('(job data)'))).toContain('extra');
    expect(problemsOf('just a string')).toEqual([
      '(job data): Invalid input: expected object, received string',
    ]);
  });

  it('names the input paths that break the workflow input schema', () => {
    expect(problemsOf({ workflow: 'note', input: { text: '' } })).toEqual([
      'input.text: Too small: expected string to have >=1 characters',
    ]);
    expect(problemsOf({ workflow: 'note', input: null })).toEqual([
      'input: Invalid input: expected object, received null',
    ]);
  });

  it('throws WorkflowNotFoundError for an unknown workflow or version', () => {
    expect(() => parseJob({ data: { workflow: 'nope', input: {} }, registry, allowedModels })).toThrow(
      WorkflowNotFoundError,
    );
    expect(() =>
      parseJob({ data: { workflow: 'note', version: 9, input: {} }, registry, allowedModels }),
    ).toThrow('Unknown workflow note@v9 (known versions: 1, 2)');
  });

  it("refuses a model override outside the workflow's models and the allow-list, naming it", () => {
    const job = (model: string) => ({ workflow: 'note', input: { text: 'x' }, overrides: { model } });
    expect(parseJob({ data: job('claude-sonnet-4-5'), registry, allowedModels }).data.overrides).toEqual({
      model: 'claude-sonnet-4-5',
    });
    expect(problemsOf(job('claude-x-7'))).toEqual([
      'overrides.model: model "claude-x-7" is not allowed for workflow "note" (allowed: claude-sonnet-4-5; add it to QUARRY_ALLOWED_MODELS)',
    ]);
    expect(problemsOf(job('x\u001b[2J'))).toEqual([
      'overrides.model: must be a model id: letters, digits and . _ : @ / -, at most 128 characters',
    ]);
  });

  it('passes a document job to a workflow that takes documents; a text-only one asks for its text', () => {
    const document = {
      mediaType: 'image/png',
      source: { type: 'url', url: 'https://files.example.com/a.png' },
    };
    expect(
      parseJob({ data: { workflow: 'doc-note', input: { document } }, registry, allowedModels }).input,
    ).toEqual({ document });
    expect(problemsOf({ workflow: 'note', input: { document } })).toEqual([
      'input.text: Invalid input: expected string, received undefined',
    ]);
  });

  it('checks every model of a ladder override against the allow-list, naming each refused one', () => {
    const job = (models: string[]) => ({ workflow: 'note', input: { text: 'x' }, overrides: { models } });
    expect(parseJob({ data: job(['claude-sonnet-4-5']), registry, allowedModels }).data.overrides).toEqual({
      models: ['claude-sonnet-4-5'],
    });
    expect(problemsOf(job(['claude-sonnet-4-5', 'claude-x-7']))).toEqual([
      'overrides.models[1]: model "claude-x-7" is not allowed for workflow "note" (allowed: claude-sonnet-4-5; add it to QUARRY_ALLOWED_MODELS)',
    ]);
  });
});
