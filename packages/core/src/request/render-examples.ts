import type { FewShotExample } from '../workflow/few-shot-example';
import { documentBlock } from './document-block';

/**
 * The workflow's few-shot examples as one block of the system prompt (part of the prefix every job
 * of the workflow version shares): each example's document, fenced like a job's document, and the
 * answer expected for it as JSON. Empty string when there are none.
 */
export function renderExamples(examples: readonly FewShotExample[]): string {
  if (examples.length === 0) return '';
  return [
    'Examples of documents of this kind and the answer expected for each:',
    ...examples.map(
      (example, index) =>
        `<example n="${index + 1}">\n${documentBlock(example.text)}\n<answer>\n${JSON.stringify(example.output)}\n</answer>\n</example>`,
    ),
  ].join('\n');
}
