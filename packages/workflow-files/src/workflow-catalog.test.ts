import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { dataWorkflowJson, workflowDir } from './test-fixtures/workflow-dir';
import { loadWorkflowCatalog } from './workflow-catalog';
import { WorkflowFileError, type WorkflowFileProblem } from './workflow-file-error';

const repoWorkflows = fileURLToPath(new URL('../../../workflows', import.meta.url));

async function problemsOf(paths: string[]): Promise<WorkflowFileProblem[]> {
  const error = await loadWorkflowCatalog({ paths, cwd: '/' }).then(
    () => null,
    (thrown: unknown) => thrown,
  );
  expect(error).toBeInstanceOf(WorkflowFileError);
  return [...(error as WorkflowFileError).problems];
}

describe('loadWorkflowCatalog', () => {
  it('joins the files of a directory to the shipped workflows, naming each source', async () => {
    const catalog = await loadWorkflowCatalog({ paths: [repoWorkflows], cwd: '/' });
    const receipt = catalog.registry.get('receipt');
    expect(catalog.sourceOf(receipt)).toEqual({
      kind: 'file',
      file: join(repoWorkflows, 'receipt.workflow.yaml'),
    });
    expect(catalog.sourceOf(catalog.registry.get('invoice'))).toEqual({ kind: 'shipped' });
    expect(receipt.rules.map((rule) => [rule.id, rule.severity])).toEqual([
      ['line-items-add-up', 'retry'],
      ['total-is-subtotal-plus-tax', 'retry'],
    ]);
  });

  it('reads JSON, YAML and comma-separated paths relative to the working directory', async () => {
    const dir = workflowDir({
      'a.workflow.json': dataWorkflowJson({ name: 'a' }),
      'b.workflow.yml':
        'name: b\nversion: 2\ndescription: B\ninstructions: Read it.\noutput: { type: object, properties: { x: { type: string } }, required: [x] }\n',
      'notes.txt': 'not a workflow',
    });
    const catalog = await loadWorkflowCatalog({
      paths: ['a.workflow.json', ' b.workflow.yml'].map((p) => p.trim()),
      cwd: dir,
    });
    expect(catalog.registry.get('a').version).toBe(1);
    expect(catalog.registry.get('b').version).toBe(2);
  });

  it('reads a file saved with a byte-order mark, and refuses one that is not UTF-8', async () => {
    const bom = workflowDir({ 'bom.workflow.json': `\uFEFF${dataWorkflowJson()}` });
    expect((await loadWorkflowCatalog({ paths: [bom], cwd: '/' })).registry.get('note').version).toBe(1);
    const latin = workflowDir({ 'latin.workflow.json': Buffer.from([0x7b, 0xe9, 0x7d]) });
    expect((await problemsOf([latin]))[0]?.message).toBe('not UTF-8 text');
  });

  it('names the file, the JSON path and what is expected', async () => {
    const dir = workflowDir({
      'bad.workflow.json': dataWorkflowJson({
        version: 0,
        lane: 'fast',
        rules: [{ id: 'r', message: 'm', expression: '1 +' }],
      }),
    });
    const problems = await problemsOf([dir]);
    const file = join(dir, 'bad.workflow.json');
    expect(problems).toContainEqual({
      file,
      path: 'version',
      message: expect.stringContaining('whole number'),
    });
    expect(problems).toContainEqual({ file, path: 'lane', message: expect.stringContaining('realtime') });
  });

  it('refuses a rule expression that does not compile, naming the rule and the position', async () => {
    const dir = workflowDir({
      'bad.workflow.json': dataWorkflowJson({
        rules: [{ id: 'sum-ok', message: 'm', expression: 'amount > ' }],
      }),
    });
    const [problem] = await problemsOf([dir]);
    expect(problem).toMatchObject({
      path: 'rules[0].expression',
      message: expect.stringMatching(/rule "sum-ok".*position \d+/),
    });
  });

  it('row 151: refuses a workflow file over 1 MB without parsing it', async () => {
    const dir = workflowDir({
      'huge.workflow.json': dataWorkflowJson({ description: 'x'.repeat(1_100_000) }),
    });
    expect(await problemsOf([dir])).toEqual([
      { file: join(dir, 'huge.workflow.json'), path: '', message: 'larger than 1,000,000 bytes' },
    ]);
  });

  it('row 152: refuses a file nested 100,000 (JSON) or 20,000 (YAML) levels deep and a schema deeper than 32', async () => {
    const deepSchema = (depth: number): Record<string, unknown> =>
      depth === 0 ? { type: 'string' } : { type: 'array', items: deepSchema(depth - 1) };
    const dir = workflowDir({
      'deep.workflow.json': `${'['.repeat(100_000)}${']'.repeat(100_000)}`,
      'deep.workflow.yaml': `a: ${'['.repeat(20_000)}${']'.repeat(20_000)}`,
      'schema.workflow.json': dataWorkflowJson({
        output: { type: 'object', properties: { a: deepSchema(40) } },
      }),
    });
    const problems = await problemsOf([dir]);
    expect(problems.map((problem) => [problem.file.slice(dir.length + 1), problem.message])).toEqual([
      ['deep.workflow.json', 'nested deeper than 64 levels'],
      ['deep.workflow.yaml', expect.stringMatching(/nested deeper than 64 levels|not valid YAML/)],
      ['schema.workflow.json', 'nested deeper than 32 levels'],
    ]);
  });

  it('row 153: refuses a $ref cycle, naming the definitions on it', async () => {
    const dir = workflowDir({
      'cycle.workflow.json': dataWorkflowJson({
        output: {
          type: 'object',
          properties: { node: { $ref: '#/$defs/node' } },
          $defs: {
            node: {
              type: 'object',
              properties: { children: { type: 'array', items: { $ref: '#/$defs/child' } } },
            },
            child: { $ref: '#/$defs/node' },
          },
        },
      }),
    });
    expect(await problemsOf([dir])).toEqual([
      {
        file: join(dir, 'cycle.workflow.json'),
        path: 'output.$defs.node',
        message: expect.stringContaining('$ref cycle #/$defs/node -> #/$defs/child -> #/$defs/node'),
      },
    ]);
  });

  it('row 154: refuses a remote, file or missing $ref without fetching anything', async () => {
    const dir = workflowDir({
      'remote.workflow.json': dataWorkflowJson({
        output: {
          type: 'object',
          properties: {
            a: { $ref: 'https://example.com/schema.json' },
            b: { $ref: 'file:///etc/passwd' },
            c: { $ref: '#/$defs/missing' },
          },
        },
      }),
    });
    const problems = await problemsOf([dir]);
    expect(problems.map((problem) => problem.path)).toEqual([
      'output.properties.a.$ref',
      'output.properties.b.$ref',
      'output.properties.c.$ref',
    ]);
    expect(problems[0]?.message).toContain('must be a local "#/$defs/<name>"');
  });

  it('row 155: refuses a YAML bomb (billion laughs) without expanding it', async () => {
    const levels = ['a: &a ["lol","lol","lol","lol","lol","lol","lol","lol","lol"]'];
    for (let n = 1; n < 9; n++) {
      const prev = String.fromCharCode(96 + n);
      const name = String.fromCharCode(97 + n);
      levels.push(`${name}: &${name} [${Array(9).fill(`*${prev}`).join(',')}]`);
    }
    const dir = workflowDir({ 'bomb.workflow.yaml': `${levels.join('\n')}\nname: bomb\n` });
    const started = Date.now();
    const [problem] = await problemsOf([dir]);
    expect(problem?.message).toContain('YAML aliases expand too far');
    expect(Date.now() - started).toBeLessThan(5_000);
  });

  it('row 157: refuses the same name and version twice, across files or against a shipped workflow, naming both', async () => {
    const dir = workflowDir({
      'a.workflow.json': dataWorkflowJson(),
      'b.workflow.json': dataWorkflowJson(),
      'c.workflow.json': dataWorkflowJson({ name: 'invoice', version: 2 }),
    });
    const problems = await problemsOf([dir]);
    expect(problems.map((problem) => problem.message)).toEqual([
      `note@v1 is defined twice: in ${join(dir, 'a.workflow.json')} and in ${join(dir, 'b.workflow.json')}`,
      `invoice@v2 is defined twice: in the shipped workflows and in ${join(dir, 'c.workflow.json')}`,
    ]);
  });

  it('row 158: loads nothing when one file is bad, listing every problem of every file', async () => {
    const dir = workflowDir({
      'good.workflow.json': dataWorkflowJson({ name: 'good' }),
      'bad.workflow.json': dataWorkflowJson({ name: 'Bad Name', maxAttempts: 'many' }),
      'worse.workflow.yaml': 'name: [unclosed',
    });
    const problems = await problemsOf([dir, join(dir, 'missing.workflow.json')]);
    expect(problems.map((problem) => problem.file.replace(dir, '…'))).toEqual([
      '…/missing.workflow.json',
      '…/bad.workflow.json',
      '…/worse.workflow.yaml',
    ]);
    expect(problems[0]?.message).toBe('no such file or directory');
  });

  it('refuses a directory with no workflow file and a module whose default export is no workflow', async () => {
    const empty = workflowDir({ 'readme.md': '#' });
    const modules = workflowDir({ 'x.workflow.mjs': 'export default { name: "x" };' });
    expect((await problemsOf([empty]))[0]?.message).toContain('a directory with no workflow file');
    expect((await problemsOf([modules]))[0]?.message).toContain('default export must be a workflow');
  });

  it('keeps repository workflows readable: the example file is plain YAML', () => {
    expect(readFileSync(join(repoWorkflows, 'receipt.workflow.yaml'), 'utf8')).toContain('name: receipt');
  });
});
