import { triageDefaults } from '@quarry/triage';

/** Environment variables every command reads, for `--help`. */
export const cliEnvironmentHelp = `Environment:
  REDIS_URL      redis:// or rediss:// URL, password allowed (default redis://127.0.0.1:6379)
  QUARRY_PREFIX  key prefix with a {hash tag} (default {quarry})
  QUARRY_QUEUE   extraction queue name (default extraction)
  QUARRY_DLQ     dead-letter queue name (default extraction-dlq)
  QUARRY_ALLOWED_MODELS  model ids (comma-separated) a model override may name besides the workflow's`;

/** The variables the DLQ commands read besides {@link cliEnvironmentHelp}, for `--help`. */
export const triageEnvironmentHelp = `  QUARRY_MAX_REDRIVES  redrives before a chain is quarantined, 0-1000 (default ${triageDefaults.maxRedrives})
  QUARRY_DLQ_REPLAYED_RETENTION_DAYS  days replayed records are kept for audit (default ${triageDefaults.replayedRetentionMs / 86_400_000})`;
