import { openQueues, type QuarryQueues } from '@quarry/queue';
import { it } from '@quarry/testing';
import { afterEach, describe, expect } from 'vitest';
import { type CliRun, runQuarry } from './test-fixtures/cli-run';
import { failedAttempt, seedDlqRecord } from './test-fixtures/seed-dlq-record';

/**
 * Bad-input catalogue, terminal escapes: DLQ records written by hostile producers (job id, workflow
 * name, reason, model, issues and raw output holding ESC, BEL, CR, C1 and bidi sequences) are printed
 * by every text command with those characters shown escaped, never sent to the terminal raw.
 */

/** Sets the window title, rings the bell, returns to column 0, clears the line. */
const JOB_ID = 'order-1\u001b]0;pwned\u0007\r\u001b[2K';
/** Red text, then an 8-bit CSI that clears the screen. */
const WORKFLOW = 'invoice\u001b[31m\u009b2J';
/** Switches to the alternate screen, backspaces, right-to-left override. */
const HOSTILE = 'x\u001b[?1049h\b\b\u202eevil';

/** Any control character a terminal might act on (line feed excepted), or a bidi override. */
const RAW_CONTROL = /(?!\n)[\p{Cc}\u202a-\u202e\u2066-\u2069]/u;

const printed = (run: CliRun) => `${run.stdout}${run.stderr}`;

describe('quarry dlq text output with hostile DLQ records', () => {
  let queues: QuarryQueues;
  let env: Record<string, string>;

  it.beforeEach(({ redisUrl, redis, prefix }) => {
    queues = openQueues({ connection: redis, config: { prefix } });
    env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
  });
  afterEach(async () => {
    await queues.close();
  });

  const seedHostile = () =>
    seedDlqRecord({
      queues,
      jobId: JOB_ID,
      workflow: WORKFLOW,
      message: `reply refused ${HOSTILE}`,
      attempts: [
        {
          ...failedAttempt(1),
          model: `claude${HOSTILE}`,
          rawOutput: `{"total": 1}\n${HOSTILE}\r\nline two`,
          issues: [{ source: 'rule', path: `lines${HOSTILE}`, code: 'r', message: HOSTILE }],
        },
      ],
    });

  it('row 86: a job id, workflow name, reason -> dlq list and dlq groups print one escaped table row, in line with the header', async () => {
    const record = await seedHostile();
    const list = await runQuarry(['dlq', 'list'], env);
    expect(list.code).toBe(0);
    expect(printed(list)).not.toMatch(RAW_CONTROL);
    const [header, row, ...rest] = list.stdout.trimEnd().split('\n');
    expect(rest).toEqual([]);
    expect(row?.split(/\s{2,}/)).toEqual([
      record.dlqId,
      'invoice\\u001b[31m\\u009b2J@v1',
      'validation_exhausted',
      record.fingerprint,
      '1',
      '$0.0010',
      '1h',
      'dead',
    ]);
    expect(row?.indexOf('validation_exhausted')).toBe(header?.indexOf('REASON'));

    const groups = await runQuarry(['dlq', 'groups'], env);
    expect(groups.code).toBe(0);
    expect(printed(groups)).not.toMatch(RAW_CONTROL);
    expect(groups.stdout).toContain('invoice\\u001b[31m\\u009b2J');
    expect(groups.stdout).toContain('x\\u001b[?1049h\\u0008\\u0008\\u202eevil');
    expect(groups.stdout.trimEnd().split('\n')).toHaveLength(2);
  });

  it('dlq show prints every field of the record with its controls escaped', async () => {
    const record = await seedHostile();
    const show = await runQuarry(['dlq', 'show', record.dlqId], env);
    expect(show.code).toBe(0);
    expect(printed(show)).not.toMatch(RAW_CONTROL);
    expect(show.stdout).toContain('workflow       invoice\\u001b[31m\\u009b2J@v1\n');
    expect(show.stdout).toContain(
      // The DLQ record stores a reason with its control characters as spaces (buildDlqRecord).
      'reason         validation_exhausted: reply refused x [?1049h   evil\n',
    );
    expect(show.stdout).toContain(
      'source job     order-1\\u001b]0;pwned\\u0007\\u000d\\u001b[2K (1 job attempt(s))',
    );
    expect(show.stdout).toContain('Attempt 1 · claudex\\u001b[?1049h');
    expect(show.stdout).toContain(
      '    - rule linesx\\u001b[?1049h\\u0008\\u0008\\u202eevil: x\\u001b[?1049h',
    );
    // The raw output keeps its lines; its other controls are escaped.
    expect(show.stdout).toContain(
      '    {"total": 1}\n    x\\u001b[?1049h\\u0008\\u0008\\u202eevil\\u000d\n    line two\n',
    );
  });

  it('--json output stays valid JSON carrying the values unchanged', async () => {
    const record = await seedHostile();
    const list = await runQuarry(['dlq', 'list', '--json'], env);
    expect(list.stdout).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(list.stdout)).toMatchObject([{ dlqId: record.dlqId, workflow: WORKFLOW }]);
    const show = await runQuarry(['dlq', 'show', record.dlqId, '--json'], env);
    expect(show.stdout).not.toMatch(RAW_CONTROL);
    const detail = JSON.parse(show.stdout) as { record: typeof record };
    expect(detail.record.sourceJobId).toBe(JOB_ID);
    expect(detail.record.attempts[0]?.model).toBe(`claude${HOSTILE}`);
    const groups = await runQuarry(['dlq', 'groups', '--json'], env);
    expect(groups.stdout).not.toMatch(RAW_CONTROL);
    expect(JSON.parse(groups.stdout)).toMatchObject([{ workflows: [`${WORKFLOW}@v1`] }]);
  });

  it('replay-dlq --dry-run names the hostile workflow escaped', async () => {
    const record = await seedHostile();
    const dry = await runQuarry(['replay-dlq', '--all', '--dry-run'], env);
    expect(printed(dry)).not.toMatch(RAW_CONTROL);
    expect(dry.stdout).toContain(record.dlqId);
    expect(dry.stdout).toContain('workflow "invoice\\u001b[31m\\u009b2J" is not registered');
  });
});
