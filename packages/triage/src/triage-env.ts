import { integerVar, positiveNumberVar } from '@quarry/env';
import { triageDefaults } from './triage-defaults';

const day = 24 * 3600 * 1000;

/**
 * Zod schemas of the triage variables the dashboard and the CLI both read, with one set of bounds and
 * the defaults of `triageDefaults`: `QUARRY_MAX_REDRIVES` (redrives of a chain before its records are
 * quarantined, 0–1000) and `QUARRY_DLQ_REPLAYED_RETENTION_DAYS` (days a replayed record is kept for
 * audit, > 0). Spread them into an app's environment schema; {@link triageSettings} reads the result.
 */
export const triageEnv = {
  QUARRY_MAX_REDRIVES: integerVar(0, 1000)
    .default(triageDefaults.maxRedrives)
    .meta({ description: 'Redrives before a chain is quarantined (0–1000; also read by the CLI).' }),
  QUARRY_DLQ_REPLAYED_RETENTION_DAYS: positiveNumberVar('days')
    .default(triageDefaults.replayedRetentionMs / day)
    .meta({ description: 'Days replayed DLQ records are kept for audit (> 0; also read by the CLI).' }),
};

/** The parsed values of {@link triageEnv}. */
export interface TriageEnvValues {
  readonly QUARRY_MAX_REDRIVES: number;
  readonly QUARRY_DLQ_REPLAYED_RETENTION_DAYS: number;
}

/** The `createTriage` settings the variables of {@link triageEnv} give. */
export function triageSettings(env: TriageEnvValues): {
  readonly maxRedrives: number;
  readonly replayedRetentionMs: number;
} {
  return {
    maxRedrives: env.QUARRY_MAX_REDRIVES,
    replayedRetentionMs: env.QUARRY_DLQ_REPLAYED_RETENTION_DAYS * day,
  };
}
