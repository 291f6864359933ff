import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { loadTenantsFiles } from './load-tenants-files';
import { WorkflowFileError } from './workflow-file-error';

function files(contents: Record<string, string>): { cwd: string; paths: string[] } {
  const cwd = mkdtempSync(join(tmpdir(), 'quarry-tenants-'));
  for (const [name, text] of Object.entries(contents)) writeFileSync(join(cwd, name), text);
  return { cwd, paths: Object.keys(contents) };
}

describe('loadTenantsFiles (QUARRY_TENANTS)', () => {
  it('reads JSON and YAML files, a later file winning for a tenant both name', () => {
    const { cwd, paths } = files({
      'a.json': JSON.stringify({ tenants: { acme: { weight: 2 }, bolt: { dailyUsd: 5 } } }),
      'b.yaml': 'tenants:\n  acme:\n    weight: 3\n    maxConcurrency: 4\n',
    });
    expect(Object.fromEntries(loadTenantsFiles({ paths, cwd }))).toEqual({
      acme: { weight: 3, maxConcurrency: 4 },
      bolt: { dailyUsd: 5 },
    });
  });

  it('row 208: a tenants file with a bad id, a negative budget, an unknown field, a YAML alias bomb or no file -> WorkflowFileError naming file, tenant and field; nothing loaded', () => {
    const bomb = ['a: &a ["x","x","x","x","x","x","x","x","x","x"]']
      .concat(
        Array.from(
          { length: 8 },
          (_, i) =>
            `${String.fromCharCode(98 + i)}: &${String.fromCharCode(98 + i)} [*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)},*${String.fromCharCode(97 + i)}]`,
        ),
      )
      .concat(['tenants: {}'])
      .join('\n');
    const { cwd, paths } = files({
      'bad.json': JSON.stringify({
        tenants: { 'a b': { weight: 1 }, acme: { dailyUsd: -1, colour: 'red' } },
      }),
      'bomb.yaml': bomb,
    });
    const error = (() => {
      try {
        loadTenantsFiles({ paths: [...paths, 'missing.json'], cwd });
      } catch (caught) {
        return caught;
      }
      return null;
    })();
    expect(error).toBeInstanceOf(WorkflowFileError);
    const lines = (error as WorkflowFileError).problems.map(
      (p) => `${p.file.split('/').pop()} ${p.path} ${p.message}`,
    );
    expect(lines.some((line) => line.startsWith('bad.json tenants.a b'))).toBe(true);
    expect(lines.some((line) => line.startsWith('bad.json tenants.acme.dailyUsd'))).toBe(true);
    expect(lines.some((line) => line.includes('colour'))).toBe(true);
    expect(lines.some((line) => line.startsWith('bomb.yaml') && line.includes('aliases'))).toBe(true);
    expect(lines.some((line) => line.startsWith('missing.json'))).toBe(true);
  });
});
