import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  EXTRACTION_JOB_NAME,
  LabelledSetStore,
  openQueues,
  queueDefaults,
  RedisHistoryStore,
  ReviewIndex,
} from '@quarry/queue';
import { it } from '@quarry/testing';
import { afterAll, beforeAll, describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

const receiptFile = fileURLToPath(new URL('../../../workflows/receipt.workflow.yaml', import.meta.url));
const blobKey = `sha256:${'d'.repeat(64)}`;
const ticket = {
  category: 'billing',
  priority: 'normal',
  summary: 'Charged twice for the May invoice',
  customerEmail: null,
  confidence: 0.4,
};
const usageHint = 'Run "quarry review correct --help" for usage.\n';

type Redis = Parameters<typeof openQueues>[0]['connection'];

/** Adds a job as a producer would and flags it for review with `data` as its extracted output. */
async function flag(
  redis: Redis,
  prefix: string,
  job: { jobId: string; workflow?: string; input?: unknown; data?: unknown },
): Promise<void> {
  const queues = openQueues({ connection: redis, config: { prefix } });
  try {
    const workflow = job.workflow ?? 'support-ticket';
    const input = job.input ?? { text: `ticket ${job.jobId}` };
    await queues.queue.add(EXTRACTION_JOB_NAME, { workflow, version: 1, input }, { jobId: job.jobId });
    await new ReviewIndex({ redis, keys: queues.keys }).flag({
      jobId: job.jobId,
      workflow,
      version: 1,
      reasons: ['confidence is 0.4, below the review threshold 0.6'],
      flaggedAt: '2025-06-01T00:00:00.000Z',
      attempts: 1,
      costUsd: null,
      data: job.data ?? ticket,
    });
  } finally {
    await queues.close();
  }
}

describe('quarry review correct', () => {
  let dir: string;
  const file = (name: string) => join(dir, name);
  const write = async (name: string, content: string | Uint8Array) => {
    await writeFile(file(name), content);
    return file(name);
  };

  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'quarry-review-correct-'));
  });
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  it('stores the correction in reviewed-<workflow>, acknowledges the review and teaches the lesson', async ({
    redis,
    redisUrl,
    prefix,
  }) => {
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    await flag(redis, prefix, { jobId: 't-1' });
    await flag(redis, prefix, {
      jobId: 't-2',
      input: {
        text: 'x',
        document: { mediaType: 'application/pdf', source: { type: 'blob', key: blobKey } },
      },
      data: { ...ticket, category: 'technical' },
    });
    const fixed = await write(
      'fixed.json',
      JSON.stringify({ ...ticket, category: 'account', confidence: 1 }, null, 2),
    );

    const first = await runQuarry(['review', 'correct', 't-1', '--file', fixed], env);
    expect(first).toMatchObject({
      code: 0,
      stdout:
        'corrected job t-1: stored in set reviewed-support-ticket (corrected: category, confidence); it left the review list\n',
      stderr: '',
    });
    const second = await runQuarry(['review', 'correct', 't-2', '--file', fixed, '--json'], env);
    expect([second.code, JSON.parse(second.stdout)]).toEqual([
      0,
      {
        jobId: 't-2',
        set: 'reviewed-support-ticket',
        replaced: false,
        correctedPaths: ['category', 'confidence'],
        history: 'recorded',
      },
    ]);

    const keys = openQueues({ connection: redis, config: { prefix } });
    try {
      const page = await new LabelledSetStore({ redis, keys: keys.keys }).read('reviewed-support-ticket');
      expect(page.items).toEqual([
        expect.objectContaining({
          id: 't-1',
          document: { kind: 'text', text: 'ticket t-1' },
          expected: { ...ticket, category: 'account', confidence: 1 },
          workflow: { name: 'support-ticket', version: 1 },
          source: { jobId: 't-1', correctedAt: expect.any(String), correctedBy: 'cli' },
        }),
        expect.objectContaining({
          id: 't-2',
          document: { kind: 'blob', key: blobKey, mediaType: 'application/pdf' },
        }),
      ]);
      expect(await new ReviewIndex({ redis, keys: keys.keys }).count()).toBe(0);
      const history = new RedisHistoryStore({ redis, keys: keys.keys, ...queueDefaults.history });
      const lessons = await history.topLessons({ workflow: 'support-ticket', version: 1 }, 10);
      expect(lessons.find((lesson) => lesson.signature === 'review:category:corrected')).toMatchObject({
        count: 2,
        example: 'category was corrected in review: extracted "technical", expected "account"',
      });
    } finally {
      await keys.close();
    }
    expect(JSON.parse((await runQuarry(['review', 'list', '--json'], env)).stdout)).toEqual([]);

    const sets = await runQuarry(['eval', 'sets', '--json'], env);
    expect(JSON.parse(sets.stdout)).toEqual({
      sets: [
        {
          name: 'reviewed-support-ticket',
          items: 2,
          updatedAt: expect.any(String),
          workflows: ['support-ticket'],
        },
      ],
    });
  });

  it('checks a workflow loaded from QUARRY_WORKFLOWS against its schema, listing every problem', async ({
    redis,
    redisUrl,
    prefix,
  }) => {
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix, QUARRY_WORKFLOWS: receiptFile };
    await flag(redis, prefix, { jobId: 'r-1', workflow: 'receipt', data: { merchant: 'x' } });
    const bad = await write('receipt-bad.json', '{"merchant": "", "currency": "euro", "lineItems": []}');
    const refused = await runQuarry(['review', 'correct', 'r-1', '--file', bad], env);
    expect(refused.code).toBe(1);
    expect(refused.stdout).toBe('');
    expect(refused.stderr).toMatch(
      /^quarry review correct: the corrected output does not match the workflow's output schema; nothing was stored\n {2}- merchant: .+\n {2}- date: .+\n/,
    );
    expect(refused.stderr).toContain('  - currency: ');
    expect(refused.stderr).toContain('  - lineItems: ');
    expect(refused.stderr).toContain('  - total: ');

    const good = await write(
      'receipt-good.json',
      JSON.stringify({
        merchant: 'Cafe',
        date: null,
        currency: 'EUR',
        lineItems: [{ description: 'Tea', amount: 2 }],
        subtotal: 2,
        tax: 0,
        total: 2,
      }),
    );
    const stored = await runQuarry(['review', 'correct', 'r-1', '--file', good, '--json'], env);
    expect([stored.code, JSON.parse(stored.stdout).set]).toEqual([0, 'reviewed-receipt']);
    // Without QUARRY_WORKFLOWS the workflow is unknown (the job is flagged again for the check).
    await flag(redis, prefix, { jobId: 'r-2', workflow: 'receipt' });
    const unknown = await runQuarry(['review', 'correct', 'r-2', '--file', good], {
      REDIS_URL: redisUrl,
      QUARRY_PREFIX: prefix,
    });
    expect(unknown).toMatchObject({
      code: 1,
      stderr:
        'quarry review correct: the workflow receipt@v1 of job "r-2" is no longer known (shipped or in QUARRY_WORKFLOWS); nothing was stored\n',
    });
  });

  it('names bad input and stores nothing', async ({ redis, redisUrl, prefix }) => {
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    await flag(redis, prefix, { jobId: 'waiting' });
    const valid = await write('valid.json', JSON.stringify(ticket));
    const cases: [string[], string][] = [
      [
        ['waiting', '--file', await write('broken.json', '{\n  "category": billing\n}')],
        "quarry review correct: the corrected output is not JSON: line 2, column 15: expected a value but found 'b'; nothing was stored\n",
      ],
      [
        [
          'waiting',
          '--file',
          await write('invalid.json', JSON.stringify({ ...ticket, priority: 'meh', confidence: 2 })),
        ],
        expect.stringContaining('  - priority: ') as unknown as string,
      ],
      [
        ['missing', '--file', valid],
        'quarry review correct: no job "missing" is in the queue or waiting for review; nothing was stored\n',
      ],
      [
        ['waiting', '--file', await write('big.json', `{"summary": "${'x'.repeat(1024 * 1024)}"}`)],
        `quarry review correct: --file ${file('big.json')} is ${1024 * 1024 + 15} bytes; a corrected output is at most 1048576 (1 MiB)\n${usageHint}`,
      ],
      [
        ['waiting', '--file', await write('latin1.json', new Uint8Array([0x22, 0xe9, 0x22]))],
        expect.stringMatching(/is not UTF-8 text: invalid UTF-8 at byte offset 1/) as unknown as string,
      ],
      [
        ['waiting', '--file', file('absent.json')],
        `quarry review correct: cannot read --file ${file('absent.json')} (ENOENT)\n${usageHint}`,
      ],
      [['waiting', '--file', dir], `quarry review correct: cannot read --file ${dir} (EISDIR)\n${usageHint}`],
      [['waiting'], `quarry review correct: give the correct output with --file <out.json>\n${usageHint}`],
      [['--file', valid], `quarry review correct: give the id of exactly one job to correct\n${usageHint}`],
      [
        ['a', 'b', '--file', valid],
        `quarry review correct: give the id of exactly one job to correct\n${usageHint}`,
      ],
      [
        ['x'.repeat(300), '--file', valid],
        `quarry review correct: a job id is 1-256 characters\n${usageHint}`,
      ],
    ];
    for (const [args, stderr] of cases) {
      const run = await runQuarry(['review', 'correct', ...args], env);
      expect({ args: args.slice(0, 1), code: run.code, stdout: run.stdout, stderr: run.stderr }).toEqual({
        args: args.slice(0, 1),
        code: 1,
        stdout: '',
        stderr,
      });
    }
    // A job in the queue that is not waiting for review, and a job id with escapes: named, neutralised.
    const queues = openQueues({ connection: redis, config: { prefix } });
    try {
      await queues.queue.add(
        EXTRACTION_JOB_NAME,
        { workflow: 'support-ticket', input: { text: 't' } },
        { jobId: 'done' },
      );
    } finally {
      await queues.close();
    }
    expect((await runQuarry(['review', 'correct', 'done', '--file', valid], env)).stderr).toBe(
      'quarry review correct: job "done" is not waiting for review; nothing was stored\n',
    );
    const hostile = await runQuarry(['review', 'correct', 'a\u001b[2Jb', '--file', valid], env);
    expect(hostile.stderr).toBe(
      'quarry review correct: no job "a\\u001b[2Jb" is in the queue or waiting for review; nothing was stored\n',
    );

    expect(JSON.parse((await runQuarry(['eval', 'sets', '--json'], env)).stdout)).toEqual({ sets: [] });
    expect(JSON.parse((await runQuarry(['review', 'list', '--json'], env)).stdout)).toHaveLength(1);

    const down = await runQuarry(['review', 'correct', 'waiting', '--file', valid], {
      ...env,
      REDIS_URL: 'redis://127.0.0.1:1',
    });
    expect([down.code, down.stderr]).toEqual([1, expect.stringMatching(/^quarry review correct: /)]);
  });
});
