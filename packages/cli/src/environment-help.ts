import { triageDefaults } from '@quarry/triage';

const WIDTH = 23;

/** One line per variable, the meaning in a column (under a name too long for it). */
const lines = (variables: readonly (readonly [string, string])[]) =>
  variables
    .map(([name, meaning]) =>
      name.length < WIDTH
        ? `  ${name.padEnd(WIDTH)}${meaning}`
        : `  ${name}\n  ${' '.repeat(WIDTH)}${meaning}`,
    )
    .join('\n');

/** Environment variables every command reads, for `--help`. */
export const cliEnvironmentHelp = `Environment:
${lines([
  ['REDIS_URL', 'redis:// or rediss:// URL (default redis://127.0.0.1:6379)'],
  ['QUARRY_PREFIX', 'key prefix with a {hash tag} (default {quarry})'],
  ['QUARRY_QUEUE', 'extraction queue name (default extraction)'],
  ['QUARRY_DLQ', 'dead-letter queue name (default extraction-dlq)'],
  ['QUARRY_ALLOWED_MODELS', "model ids a --model override may name besides the workflow's"],
])}`;

/** The blob store variables `enqueue --file` reads for a document (PDF or image), for `--help`. */
export const blobEnvironmentHelp = lines([
  ['QUARRY_BLOB_STORE', 'directory (default) or s3: where documents are stored'],
  ['QUARRY_BLOB_DIR', 'the directory store (default .quarry/blobs)'],
  ['QUARRY_BLOB_MAX_BYTES', 'largest document (default 33554432, 32 MiB)'],
  ['QUARRY_S3_BUCKET', 'bucket of the s3 store; see docs/reference/configuration.md for QUARRY_S3_*'],
  ['QUARRY_INLINE_DOCUMENT_MAX_BYTES', 'largest inline base64 document, decoded (default 262144)'],
  ['QUARRY_MODEL', "the workers' model: a document is checked against its limits (unset: the strictest)"],
  ['QUARRY_MODELS_FILE', 'model entries over the default table, limits included (docs/models.md)'],
]);

/** The variable naming the workflow files the CLI loads on top of the shipped workflows, for `--help`. */
export const workflowFilesEnvironmentHelp = lines([
  ['QUARRY_WORKFLOWS', 'workflow files and directories, comma-separated, loaded on top of the shipped ones'],
  [
    'QUARRY_TENANTS',
    'tenant settings files (JSON or YAML), comma-separated, written to Redis by the tenants commands',
  ],
]);

/** The variables the DLQ commands read besides {@link cliEnvironmentHelp}, for `--help`. */
export const triageEnvironmentHelp = lines([
  [
    'QUARRY_MAX_REDRIVES',
    `redrives before a chain is quarantined, 0-1000 (default ${triageDefaults.maxRedrives})`,
  ],
  [
    'QUARRY_DLQ_REPLAYED_RETENTION_DAYS',
    `days replayed records are kept for audit, > 0 (default ${triageDefaults.replayedRetentionMs / 86_400_000})`,
  ],
]);
