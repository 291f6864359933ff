import { describe, expect, it } from 'vitest';
import { extractionJobOptions, QUARRY_BACKOFF_TYPE, QueueConfig, queueDefaults } from './queue-config';

describe('QueueConfig', () => {
  it('has every default in one place', () => {
    expect(queueDefaults).toMatchInlineSnapshot(`
      {
        "allowedModels": [],
        "attemptTtlSeconds": 1209600,
        "backoff": {
          "baseMs": 2000,
          "capMs": 60000,
        },
        "dlqName": "extraction-dlq",
        "history": {
          "enabled": true,
          "halfLifeMs": 86400000,
          "maxSignatures": 50,
          "topN": 3,
        },
        "idempotencyRetentionMs": 604800000,
        "jobAttempts": 5,
        "limits": {
          "inlineDocumentMaxBytes": 262144,
          "maxJobDataBytes": 1048576,
        },
        "prefix": "{quarry}",
        "queueName": "extraction",
        "retention": {
          "completed": {
            "ageSeconds": 604800,
            "count": 10000,
          },
          "failed": {
            "ageSeconds": 1209600,
          },
        },
      }
    `);
  });

  it('fills the rest of a partial nested section with defaults', () => {
    const config = QueueConfig.parse({ history: { topN: 5 }, backoff: { capMs: 10_000 } });
    expect(config.history).toEqual({ ...queueDefaults.history, topN: 5 });
    expect(config.backoff).toEqual({ baseMs: 2000, capMs: 10_000 });
  });

  it('names bad values', () => {
    const result = QueueConfig.safeParse({ prefix: 'quarry', queueName: 'a:b', jobAttempts: 0 });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`)).toEqual([
      'prefix: must contain a {hash tag}, e.g. {quarry}',
      'queueName: must not contain ":"',
      'jobAttempts: Too small: expected number to be >0',
    ]);
  });

  it('gives extraction jobs their attempts and the custom backoff type', () => {
    expect(extractionJobOptions(QueueConfig.parse({ jobAttempts: 7 }))).toEqual({
      attempts: 7,
      backoff: { type: QUARRY_BACKOFF_TYPE, delay: 2000 },
    });
  });
});
