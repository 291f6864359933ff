import { describe, expect, it } from 'vitest';
import { defaultModelTable } from './default-model-table';
import { modelSpecOf } from './model-spec-of';

describe('modelSpecOf', () => {
  it('finds an exact id and a dated snapshot of a family (API and Google Cloud forms)', () => {
    expect(modelSpecOf('claude-haiku-5-5', defaultModelTable)?.name).toBe('Claude Haiku 5.5');
    expect(modelSpecOf('claude-sonnet-4-5-20250929', defaultModelTable)?.name).toBe('Claude Sonnet 4.5');
    expect(modelSpecOf('claude-opus-4-5@20251101', defaultModelTable)?.name).toBe('Claude Opus 4.5');
  });

  it('never lends an older family to a newer or unrelated id', () => {
    for (const id of [
      'claude-opus-5-6',
      'claude-sonnet-5-5-fast',
      'claude-haiku-5-5x',
      'claude-fable-5-2-1',
      'gpt-x',
    ]) {
      expect(modelSpecOf(id, defaultModelTable), id).toBeNull();
    }
  });

  it('ignores keys inherited from Object.prototype', () => {
    expect(modelSpecOf('constructor', defaultModelTable)).toBeNull();
    expect(modelSpecOf('toString-20250101', defaultModelTable)).toBeNull();
  });
});
