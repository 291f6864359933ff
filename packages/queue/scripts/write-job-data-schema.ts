import { fileURLToPath } from 'node:url';
import { writeJobDataJsonSchema } from '../src/job-data-json-schema';

const path = fileURLToPath(new URL('../../../docs/job-data.schema.json', import.meta.url));
await writeJobDataJsonSchema({ path });
process.stdout.write(`wrote ${path}\n`);
