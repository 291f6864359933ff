import { describe, expect, it } from 'vitest';
import { defaultModelTable } from './default-model-table';
import { documentLimitsOf } from './document-limits-of';
import { ModelTable } from './model-spec';

const haiku = defaultModelTable['claude-haiku-5-5'];

describe('documentLimitsOf', () => {
  it('gives the platform figures for a known model, and for one the table does not know', () => {
    const platform = { maxRequestBytes: 32_000_000, maxPdfPages: 100, maxImageDimension: 8000 };
    expect(documentLimitsOf({ models: ['claude-haiku-5-5'], table: defaultModelTable })).toEqual(platform);
    expect(documentLimitsOf({ models: ['someone-elses-model'], table: defaultModelTable })).toEqual(platform);
  });

  it('takes the strictest figure of a ladder', () => {
    if (!haiku) throw new Error('the table lost claude-haiku-5-5');
    const table = ModelTable.parse({
      ...defaultModelTable,
      'small-pages': { ...haiku, documents: { ...haiku.documents, maxPdfPages: 20 } },
    });
    expect(documentLimitsOf({ models: ['claude-haiku-5-5', 'small-pages'], table }).maxPdfPages).toBe(20);
  });

  it('names the field of a bad figure in a table file', () => {
    if (!haiku) throw new Error('the table lost claude-haiku-5-5');
    const parsed = ModelTable.safeParse({
      m: { ...haiku, documents: { ...haiku.documents, maxPdfPages: 0 } },
    });
    expect(parsed.error?.issues[0]?.path).toEqual(['m', 'documents', 'maxPdfPages']);
  });
});
