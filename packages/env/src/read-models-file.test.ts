import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { defaultModelTable } from '@quarry/core';
import { afterAll, describe, expect, it } from 'vitest';
import { describeEnvProblem } from './env-problem';
import { maxModelsFileBytes, readModelsFile } from './read-models-file';

const dir = mkdtempSync(join(tmpdir(), 'quarry-models-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const file = (name: string, text: string) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
const lines = (path: string): string[] => {
  const result = readModelsFile({ path, base: defaultModelTable });
  return result.ok ? [] : result.problems.map(describeEnvProblem);
};

describe('readModelsFile', () => {
  it('reads a file of overrides over the table it is given', () => {
    const path = file('ok.json', JSON.stringify({ 'claude-haiku-5-5': { retiresOn: '2027-10-07' } }));
    const result = readModelsFile({ path, base: defaultModelTable });
    expect(result.ok && result.value['claude-haiku-5-5']?.retiresOn).toBe('2027-10-07');
  });

  it('row 96: QUARRY_MODELS_FILE=/dev/zero or a FIFO -> refuses a device or a FIFO at once instead of reading without end or waiting for a writer', () => {
    const fifo = join(dir, 'models.fifo');
    execFileSync('mkfifo', [fifo]);
    for (const path of ['/dev/zero', fifo]) {
      expect(lines(path)).toEqual([
        `QUARRY_MODELS_FILE: expected a readable JSON file of model entries (see docs/models.md), got "${path}" (not a regular file)`,
      ]);
    }
  });

  it('row 59, row 60: QUARRY_MODELS_FILE names no file (or a directory); a models file over 1 MiB -> names a missing file, a directory and a file that is too large', () => {
    const missing = join(dir, 'missing.json');
    expect(lines(missing)).toEqual([
      `QUARRY_MODELS_FILE: expected a readable JSON file of model entries (see docs/models.md), got "${missing}" (no such file)`,
    ]);
    expect(lines(dir)).toEqual([
      `QUARRY_MODELS_FILE: expected a readable JSON file of model entries (see docs/models.md), got "${dir}" (a directory)`,
    ]);
    const large = file('large.json', ' '.repeat(maxModelsFileBytes + 1));
    expect(lines(large)).toEqual([
      `QUARRY_MODELS_FILE: expected a readable JSON file of model entries (see docs/models.md), got "${large}" (${maxModelsFileBytes + 1} bytes, over ${maxModelsFileBytes})`,
    ]);
  });

  it('puts the path in front of what is wrong inside the file', () => {
    const notJson = file('not-json.json', 'prices: cheap');
    expect(lines(notJson)[0]).toMatch(
      new RegExp(
        `^QUARRY_MODELS_FILE: expected "${notJson}": a JSON file of model entries, got not JSON \\(`,
      ),
    );
    const negative = file(
      'negative.json',
      '{"claude-opus-5-5": {"prices": {"input": -4, "output": 20, "cacheWrite5m": 5, "cacheWrite1h": 8, "cacheRead": 0.2}}}',
    );
    expect(lines(negative)).toEqual([
      `QUARRY_MODELS_FILE: expected "${negative}": entry "claude-opus-5-5" field prices.input to be a price in USD per million tokens from 0 to 1000, got -4`,
    ]);
  });

  it('escapes control characters of the path it shows', () => {
    const odd = join(dir, 'odd\u001b[31mname.json');
    expect(lines(odd)[0]).toContain('odd\\u001b[31mname.json');
    expect(lines(odd)[0]).not.toContain('\u001b');
  });
});
