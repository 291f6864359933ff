import { writeFile } from 'node:fs/promises';
import { JobDocument } from '@quarry/core';
import { z } from 'zod';
import { JobData, JobInput } from './job-data';

/** The job data contract as a JSON Schema (draft 2020-12), for producers written in other languages. */
export function jobDataJsonSchema(): Record<string, unknown> {
  const { $schema: _, ...document } = z.toJSONSchema(JobDocument, { target: 'draft-2020-12', io: 'input' });
  const schema = z.toJSONSchema(JobData, {
    target: 'draft-2020-12',
    io: 'input',
    // The input is the workflow's to check; the contract only fixes its `document` field (JSON Schema's
    // `properties` applies to objects alone, so any other input still matches).
    override: (context) => {
      if (context.zodSchema === JobInput) context.jsonSchema.properties = { document };
    },
  });
  return { $schema: schema.$schema, title: 'Quarry job data', ...schema };
}

/** The JSON text of {@link jobDataJsonSchema} as committed in docs/job-data.schema.json. */
export function jobDataJsonSchemaText(): string {
  return `${JSON.stringify(jobDataJsonSchema(), null, 2)}\n`;
}

/** Writes {@link jobDataJsonSchemaText} to `path`. */
export async function writeJobDataJsonSchema(options: { path: string }): Promise<void> {
  await writeFile(options.path, jobDataJsonSchemaText(), 'utf8');
}
