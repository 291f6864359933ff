import { defaultModelTable, modelTableMarkdown, replaceModelTableSection } from '@quarry/core';

/** docs/models.md with its model-table section generated from the default model table. */
export function modelsPage(committed: string): string {
  return replaceModelTableSection(committed, modelTableMarkdown(defaultModelTable));
}
