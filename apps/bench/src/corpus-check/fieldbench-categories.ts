import { existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import { expectedOutput, type FieldbenchSchema, fieldbenchWorkflow } from './fieldbench-workflow';

/** Categories of fieldbench with one schema each, run as data workflows. */
const CATEGORIES = [
  'receipts',
  'invoices',
  'contracts',
  'medical_records',
  'sec_filings',
  'insurance_claims',
];

/** One fieldbench document: its id (the file name), its category's workflow, its text and truth. */
export interface FieldbenchDocument {
  readonly id: string;
  readonly workflow: string;
  readonly text: string;
  /** The expected output as the workflow answers it (`expectedOutput`). */
  readonly truth: Record<string, unknown>;
}

/** A fieldbench category: its data workflow (the object of a `*.workflow.json`) and its documents. */
export interface FieldbenchCategory {
  readonly category: string;
  readonly workflow: Record<string, unknown>;
  readonly documents: readonly FieldbenchDocument[];
}

function readCategory(fieldbench: string, category: string, perCategory: number): FieldbenchCategory | null {
  const dir = join(fieldbench, category);
  const schemaFile = readdirSync(join(dir, 'schemas')).find((name) => name.endsWith('.yaml'));
  if (!schemaFile) return null;
  const schema = parse(readFileSync(join(dir, 'schemas', schemaFile), 'utf8')) as FieldbenchSchema;
  const workflow = fieldbenchWorkflow({ category, schema });
  const ids = readdirSync(join(dir, 'expected'))
    .filter((name) => name.endsWith('.expected.json'))
    .map((name) => name.replace('.expected.json', ''))
    .sort()
    .slice(0, perCategory);
  const documents = ids.map((id) => ({
    id,
    workflow: workflow.name as string,
    text: readFileSync(join(dir, 'documents', `${id}.md`), 'utf8'),
    truth: expectedOutput(
      schema,
      JSON.parse(readFileSync(join(dir, 'expected', `${id}.expected.json`), 'utf8')),
    ),
  }));
  return { category, workflow, documents };
}

/**
 * The fieldbench categories present under `fieldbench`, each with its schema made a data workflow and
 * its first `perCategory` documents (by file name) with their expected outputs.
 */
export function loadFieldbenchCategories(options: {
  readonly fieldbench: string;
  readonly perCategory: number;
}): FieldbenchCategory[] {
  return CATEGORIES.filter((category) => existsSync(join(options.fieldbench, category)))
    .map((category) => readCategory(options.fieldbench, category, options.perCategory))
    .filter((category) => category !== null);
}

/** Writes each category's workflow as `<name>.workflow.json` into `dir` (for `QUARRY_WORKFLOWS`). */
export function writeFieldbenchWorkflows(dir: string, categories: readonly FieldbenchCategory[]): void {
  for (const { workflow } of categories)
    writeFileSync(join(dir, `${workflow.name as string}.workflow.json`), JSON.stringify(workflow));
}
