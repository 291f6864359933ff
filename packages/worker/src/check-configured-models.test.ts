import { Writable } from 'node:stream';
import { defaultModelTable } from '@quarry/core';
import { describe, expect, it } from 'vitest';
import { checkConfiguredModels } from './check-configured-models';
import { createLogger } from './create-logger';
import { RetiredModelError } from './retired-model-error';

function check(models: readonly string[], now: string) {
  const lines: Record<string, unknown>[] = [];
  const destination = new Writable({
    write(chunk, _encoding, done) {
      lines.push(JSON.parse(String(chunk)));
      done();
    },
  });
  const log = createLogger({ level: 'info', destination });
  checkConfiguredModels({ models, table: defaultModelTable, now: Date.parse(now), log });
  return lines.map(({ level, model, msg }) => ({ level, model, msg }));
}

describe('checkConfiguredModels', () => {
  it('row 68: warns of a configured model without a table entry: its costs are null', () => {
    expect(check(['claude-haiku-5-5', 'claude-opus-9'], '2026-11-24T00:00:00Z')).toEqual([
      {
        level: 40,
        model: 'claude-opus-9',
        msg: 'configured model has no entry in the model table: its costs are null and cost budgets do not apply (see docs/models.md)',
      },
    ]);
  });

  it('names every retired model at once', () => {
    const thrown = (() => {
      try {
        check(
          ['claude-sonnet-4-5', 'claude-sonnet-4-5-20250929', 'claude-haiku-5-5'],
          '2026-12-01T00:00:00Z',
        );
        return null;
      } catch (error) {
        return error;
      }
    })();
    expect(thrown).toBeInstanceOf(RetiredModelError);
    expect((thrown as RetiredModelError).notices.map((notice) => notice.model)).toEqual([
      'claude-sonnet-4-5',
      'claude-sonnet-4-5-20250929',
    ]);
  });
});
