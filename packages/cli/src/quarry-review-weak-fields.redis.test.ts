import { quarryKeys, type ReviewEntry, ReviewIndex } from '@quarry/queue';
import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { type CliRun, runQuarry } from './test-fixtures/cli-run';

/**
 * `quarry review list` names the weak fields of grounded results, and prints what came from a document
 * (a quoted passage in a reason, a value, a field path of a hostile workflow) with control characters
 * shown escaped.
 */

/** Red text, a window title with a bell, a carriage return and a right-to-left override. */
const HOSTILE = 'RE\u001b[31m-42\u001b]0;pwned\u0007\r\u202e';
/** Any control character a terminal might act on (line feed excepted), or a bidi override. */
const RAW_CONTROL = /(?!\n)[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

const printed = (run: CliRun) => `${run.stdout}${run.stderr}`;

const entry = (jobId: string, fields: Partial<ReviewEntry>): ReviewEntry => ({
  jobId,
  workflow: 'invoice',
  version: 2,
  reasons: ['flagged for review'],
  flaggedAt: new Date(Date.now() - 60_000).toISOString(),
  attempts: 2,
  costUsd: 0.0012,
  data: {},
  ...fields,
});

describe('quarry review list: weak fields', () => {
  it('row 108: a review entry whose reasons and weak-field paths hold ESC / BEL / CR / bidi sequences -> prints each weak field with its confidence, threshold and reason, escaped', async ({
    redisUrl,
    redis,
    prefix,
  }) => {
    const review = new ReviewIndex({ redis, keys: quarryKeys({ prefix }) });
    await review.flag(
      entry('job-weak', {
        reasons: [
          `grounding: vendorName: the quoted passage "${HOSTILE}" does not contain it`,
          'grounding: invoiceNumber: confidence 0.57 is below 0.8 (normalised match, failed grounding in 1 earlier attempt)',
        ],
        weakFields: [
          {
            path: 'invoiceNumber',
            confidence: 0.57,
            reviewBelow: 0.8,
            reason: 'normalised match, failed grounding in 1 earlier attempt',
          },
          { path: `meta["${HOSTILE}"]`, confidence: 0, reviewBelow: null, reason: 'failed grounding' },
        ],
        data: { invoiceNumber: HOSTILE },
      }),
    );
    await review.flag(entry('job-plain', { reasons: ['confidence is 0.4, below the review threshold 0.6'] }));
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };

    const table = await runQuarry(['review', 'list'], env);
    expect(table.code).toBe(0);
    expect(printed(table)).not.toMatch(RAW_CONTROL);
    const [, weakPart] = table.stdout.split('\nWeak fields:\n');
    const rows = (weakPart ?? '')
      .trimEnd()
      .split('\n')
      .map((line) => line.split(/\s{2,}/));
    expect(rows).toEqual([
      ['JOB ID', 'FIELD', 'CONFIDENCE', 'BELOW', 'WHY'],
      [
        'job-weak',
        'invoiceNumber',
        '0.57',
        '0.80',
        'normalised match, failed grounding in 1 earlier attempt',
      ],
      [
        'job-weak',
        'meta["RE\\u001b[31m-42\\u001b]0;pwned\\u0007\\u000d\\u202e"]',
        '0.00',
        '-',
        'failed grounding',
      ],
    ]);
    expect(table.stdout).toContain('the quoted passage "RE\\u001b[31m-42');

    // JSON keeps the entry as stored (escapes in JSON strings are harmless) and carries the weak fields.
    const json = await runQuarry(['review', 'list', '--json'], env);
    expect(json.stdout).not.toMatch(RAW_CONTROL);
    const entries = JSON.parse(json.stdout) as ReviewEntry[];
    expect(entries.map((listed) => [listed.jobId, listed.weakFields?.map((field) => field.path)])).toEqual([
      ['job-weak', ['invoiceNumber', `meta["${HOSTILE}"]`]],
      ['job-plain', undefined],
    ]);
  });

  it('prints no weak-field table when no entry has weak fields', async ({ redisUrl, redis, prefix }) => {
    const review = new ReviewIndex({ redis, keys: quarryKeys({ prefix }) });
    await review.flag(entry('job-plain', {}));
    const table = await runQuarry(['review', 'list'], { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix });
    expect(table.code).toBe(0);
    const [head, row] = table.stdout.split('\n').map((line) => line.trimEnd().split(/\s{2,}/));
    expect(head).toEqual(['JOB ID', 'WORKFLOW', 'AGE', 'MODEL CALLS', 'COST', 'REASONS']);
    // The entry's `attempts` (model replies) is what the MODEL CALLS column shows.
    expect(row?.[0]).toBe('job-plain');
    expect(row?.[3]).toBe('2');
    expect(table.stdout).not.toContain('Weak fields');
  });
});
