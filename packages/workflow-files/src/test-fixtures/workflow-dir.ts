import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { onTestFinished } from 'vitest';

/** A fresh directory holding the given files (name → text), removed after the test. */
export function workflowDir(files: Readonly<Record<string, string | Buffer>>): string {
  const dir = mkdtempSync(join(tmpdir(), 'quarry-workflows-'));
  onTestFinished(() => rmSync(dir, { recursive: true, force: true }));
  for (const [name, text] of Object.entries(files)) writeFileSync(join(dir, name), text);
  return dir;
}

/** A small valid data workflow as JSON text, with fields replaced or added. */
export function dataWorkflowJson(fields: Record<string, unknown> = {}): string {
  return JSON.stringify({
    name: 'note',
    version: 1,
    description: 'A note',
    instructions: 'Extract the title and the amount.',
    output: {
      type: 'object',
      properties: { title: { type: 'string' }, amount: { type: 'number', minimum: 0, maximum: 100 } },
      required: ['title', 'amount'],
    },
    ...fields,
  });
}
