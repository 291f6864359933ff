import { parseEnv } from '@quarry/env';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { triageDefaults } from './triage-defaults';
import { triageEnv, triageSettings } from './triage-env';

const TriageEnv = z.object(triageEnv);

describe('triageEnv', () => {
  it('defaults to triageDefaults and reads days into milliseconds', () => {
    const defaults = parseEnv({ schema: TriageEnv, env: {} });
    expect(defaults.ok && triageSettings(defaults.value)).toEqual({
      maxRedrives: triageDefaults.maxRedrives,
      replayedRetentionMs: triageDefaults.replayedRetentionMs,
    });
    const set = parseEnv({
      schema: TriageEnv,
      env: { QUARRY_MAX_REDRIVES: '0', QUARRY_DLQ_REPLAYED_RETENTION_DAYS: '1.5' },
    });
    expect(set.ok && triageSettings(set.value)).toEqual({ maxRedrives: 0, replayedRetentionMs: 129_600_000 });
  });

  it('names each bad value with its bounds', () => {
    const bad = parseEnv({
      schema: TriageEnv,
      env: { QUARRY_MAX_REDRIVES: '1001', QUARRY_DLQ_REPLAYED_RETENTION_DAYS: '0' },
    });
    expect(bad.ok ? [] : bad.problems).toEqual([
      { variable: 'QUARRY_MAX_REDRIVES', expected: 'an integer from 0 to 1000', received: '"1001"' },
      { variable: 'QUARRY_DLQ_REPLAYED_RETENTION_DAYS', expected: 'a number of days > 0', received: '"0"' },
    ]);
  });
});
