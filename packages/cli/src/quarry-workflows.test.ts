import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

const workflowsDir = fileURLToPath(new URL('../../../workflows', import.meta.url));
const receiptFile = join(workflowsDir, 'receipt.workflow.yaml');
const run = (argv: string[], env: Record<string, string> = {}) =>
  runQuarry(argv, { REDIS_URL: 'redis://127.0.0.1:1', QUARRY_WORKFLOWS: workflowsDir, ...env });

describe('quarry workflows', () => {
  let dir: string;
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quarry-workflows-cli-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('list names each workflow with its source, model and lane', async () => {
    const listed = await run(['workflows', 'list', '--json']);
    expect(listed.code).toBe(0);
    const { workflows } = JSON.parse(listed.stdout) as { workflows: Record<string, unknown>[] };
    expect(workflows).toContainEqual(
      expect.objectContaining({
        name: 'receipt',
        version: 1,
        source: receiptFile,
        model: 'default',
        lane: 'realtime',
      }),
    );
    expect(workflows).toContainEqual(expect.objectContaining({ name: 'support-ticket', source: 'shipped' }));
    const table = await run(['workflows', 'list']);
    expect(table.stdout).toMatch(/receipt +v1 +default +realtime/);
  });

  it('show --json-schema prints the output JSON Schema; show prints the request Quarry sends', async () => {
    const schema = await run(['workflows', 'show', 'receipt@1', '--json-schema']);
    expect(schema.code).toBe(0);
    const parsed = JSON.parse(schema.stdout) as {
      title: string;
      properties: Record<string, unknown>;
      required: string[];
    };
    expect(parsed.title).toBe('receipt@v1');
    expect(parsed.required).toContain('lineItems');
    expect(parsed.properties.subtotal).toMatchObject({ type: 'number', minimum: 0 });
    const shown = await run(['workflows', 'show', 'receipt']);
    expect(shown.stdout).toContain(`source: ${receiptFile}`);
    expect(shown.stdout).toContain('line-items-add-up (retry)');
    expect(shown.stdout).toContain('"outputSchema"');
    expect(shown.stdout).toContain('You read one receipt');
    const unknown = await run(['workflows', 'show', 'receipt@9']);
    expect(unknown.code).toBe(1);
  });

  it('validate passes a good file and lists every problem of bad ones with exit 1', async () => {
    const ok = await run(['workflows', 'validate', receiptFile]);
    expect(ok.code).toBe(0);
    expect(ok.stdout).toContain('receipt@v1 is valid (claude-haiku-5-5)');
    const props = Object.fromEntries(
      Array.from({ length: 30 }, (_, n) => [`f${n}`, { type: ['string', 'null'] }]),
    );
    const wide = join(dir, 'wide.workflow.json');
    await writeFile(
      wide,
      JSON.stringify({
        name: 'wide',
        version: 1,
        description: 'd',
        instructions: 'i',
        model: 'claude-nope-1',
        output: { type: 'object', properties: props },
      }),
    );
    const wider = join(dir, 'wider.workflow.json');
    await writeFile(
      wider,
      JSON.stringify({
        name: 'wider',
        version: 1,
        description: 'd',
        instructions: 'i',
        output: { type: 'object', properties: props },
      }),
    );
    const bad = join(dir, 'bad.workflow.yaml');
    await writeFile(bad, 'name: bad\nversion: 1\n');
    const result = await run(['workflows', 'validate', wide, wider, bad]);
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${wide}: model claude-nope-1 is not in the model table`);
    expect(result.stderr).toContain(
      `${wider}: the output schema sent to claude-haiku-5-5 has 30 optional properties (the platform takes at most 24)`,
    );
    expect(result.stderr).toContain(
      `${wider}: the output schema sent to claude-haiku-5-5 has 30 union-typed properties`,
    );
    expect(result.stderr).toContain(`${bad} at description:`);
    expect(result.stderr).toContain(`${bad} at output:`);
  });

  it('enqueue knows a loaded workflow: unknown without QUARRY_WORKFLOWS, checked and sent on to Redis with it', async () => {
    const unknownHere = await run(['enqueue', '-w', 'receipt', '--text', 'x'], { QUARRY_WORKFLOWS: '' });
    expect(unknownHere.code).toBe(1);
    expect(unknownHere.stderr).toContain('receipt');
    expect(unknownHere.stderr).not.toContain('Redis');
    const loaded = await run(['enqueue', '-w', 'receipt', '--text', 'x']);
    expect(loaded.code).toBe(1);
    expect(loaded.stderr).toContain('Redis');
  });

  it('a bad QUARRY_WORKFLOWS file stops every command that needs workflows, naming the file', async () => {
    const broken = join(dir, 'broken.workflow.json');
    await writeFile(broken, '{ "name": ');
    const result = await run(['workflows', 'list'], { QUARRY_WORKFLOWS: broken });
    expect(result.code).toBe(1);
    expect(result.stderr).toContain(`${broken}: not valid JSON`);
  });
});
