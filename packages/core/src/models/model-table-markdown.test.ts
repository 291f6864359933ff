import { describe, expect, it } from 'vitest';
import { defaultModelTable } from './default-model-table';
import { modelTableMarkdown, replaceModelTableSection } from './model-table-markdown';

describe('the model table as Markdown', () => {
  it('renders a row per entry, tiers and retirement dates included', () => {
    const table = modelTableMarkdown(defaultModelTable);
    for (const id of Object.keys(defaultModelTable)) expect(table).toContain(`| \`${id}\` |`);
    expect(table).toContain('prompt > 100,000: $0.5 / $2.5, writes $0.625 / $1, reads $0.05');
    expect(table).toContain('| 2026-11-30 |');
  });

  it('refuses a document without the marks', () => {
    expect(() => replaceModelTableSection('# Models\n', 'table')).toThrow('lacks the model-table marks');
  });
});
