import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { EvalReport } from '@quarry/eval';
import { describe, expect, it } from 'vitest';
import { keepEvalReport } from './keep-eval-report';

/** Only serialised here: any JSON stands in for a report. */
const report = { reportVersion: 2, run: { runId: 'r1' }, items: [], summary: {} } as unknown as EvalReport;

describe('keepEvalReport', () => {
  it('writes the report file before storing it, and says, not throws, when Redis is gone', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'quarry-keep-report-'));
    try {
      const out = join(dir, 'report.json');
      const { problems } = await keepEvalReport({
        report,
        outPath: out,
        save: () =>
          Promise.reject(
            Object.assign(new Error('Redis at 127.0.0.1:1 is unavailable'), {
              name: 'RedisUnavailableError',
            }),
          ),
      });
      expect(JSON.parse(await readFile(out, 'utf8'))).toEqual(report);
      expect(problems).toEqual([
        'the run could not be stored (RedisUnavailableError: Redis at 127.0.0.1:1 is unavailable); it is printed above',
      ]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it('still stores the run when the report file cannot be written', async () => {
    let saved = 0;
    const { problems } = await keepEvalReport({
      report,
      outPath: join(tmpdir(), 'no-such-directory-quarry', 'deeper', 'report.json'),
      save: async () => {
        saved++;
      },
    });
    expect(saved).toBe(1);
    expect(problems).toHaveLength(1);
    expect(problems[0]).toMatch(/^the report could not be written to .*report\.json \(Error: ENOENT/);
  });
});
