import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultModelTable } from './default-model-table';
import { modelSpecOf } from './model-spec-of';
import { unpricedModels } from './unpriced-models';

/** The model ids of the installed SDK's `Model` type, read from its declaration file. */
function sdkModelIds(): string[] {
  const js = fileURLToPath(import.meta.resolve('@anthropic-ai/sdk/resources/messages/messages'));
  const declarations = readFileSync(js.replace(/\.m?js$/, '.d.ts'), 'utf8');
  const union = /export type Model = ([^;]+);/.exec(declarations)?.[1];
  if (union === undefined) throw new Error(`No "export type Model = …;" in ${js}`);
  return [...union.matchAll(/'([^']+)'/g)].map((match) => match[1] as string);
}

describe('the installed SDK’s model ids', () => {
  const ids = sdkModelIds();

  it('are read from the SDK (a parse that found nothing would prove nothing)', () => {
    expect(ids.length).toBeGreaterThan(10);
    expect(ids).toContain('claude-haiku-5-5');
  });

  it('each have a table entry or a deliberate place on the unpriced list', () => {
    const unpriced = new Set(unpricedModels.map((model) => model.id));
    const missing = ids.filter((id) => modelSpecOf(id, defaultModelTable) === null && !unpriced.has(id));
    expect(missing, 'add an entry to the default model table, or list it in unpricedModels with why').toEqual(
      [],
    );
  });

  it('leave no stale name on the unpriced list: each one is an SDK id without an entry', () => {
    for (const { id, reason } of unpricedModels) {
      expect(ids).toContain(id);
      expect(modelSpecOf(id, defaultModelTable)).toBeNull();
      expect(reason.length).toBeGreaterThan(10);
    }
  });
});
