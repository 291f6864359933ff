import { describe, expect, it } from 'vitest';
import { parseBenchArguments } from './bench-arguments';
import { notRun, verdict } from './bench-line';
import { benchLines } from './bench-lines';
import { renderTable } from './render-table';

describe('bench arguments, verdicts and table', () => {
  it('parses --quick, --only and --out, and names a bad line number', () => {
    expect(parseBenchArguments(['--', '--quick', '--only', '2, 5', '--out', 'x.json'])).toEqual({
      help: false,
      quick: true,
      only: [2, 5],
      out: 'x.json',
      processes: null,
    });
    expect(parseBenchArguments([])).toEqual({
      help: false,
      quick: false,
      only: [],
      out: null,
      processes: null,
    });
    expect(parseBenchArguments(['--only', '9,10,11,12,13,14']).only).toEqual([9, 10, 11, 12, 13, 14]);
    expect(benchLines.map((line) => line.id)).toEqual([
      1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26,
    ]);
    expect(parseBenchArguments(['--only', '26']).only).toEqual([26]);
    expect(() => parseBenchArguments(['--only', '27'])).toThrow(
      `--only: "27" is not a line number from 1 to ${benchLines.at(-1)?.id}`,
    );
    expect(() => parseBenchArguments(['--only', '0'])).toThrow('--only: "0" is not a line number');
  });

  it('parses --processes as distinct counts and names a bad one', () => {
    expect(parseBenchArguments(['--processes', '1, 2,4,8,2']).processes).toEqual([1, 2, 4, 8]);
    expect(() => parseBenchArguments(['--processes', '0'])).toThrow(
      '--processes: "0" is not a process count from 1 to 64',
    );
    expect(() => parseBenchArguments(['--processes', '65'])).toThrow('"65" is not a process count');
    expect(() => parseBenchArguments(['--processes', '1.5'])).toThrow('"1.5" is not a process count');
    expect(() => parseBenchArguments(['--processes', 'x'])).toThrow('"x" is not a process count');
    expect(() => parseBenchArguments(['--processes', ' , '])).toThrow('name at least one process count');
  });

  it('judges a figure against its target; no figure fails', () => {
    expect(verdict(0.9, (value) => value >= 0.85)).toBe('PASS');
    expect(verdict(0.8, (value) => value >= 0.85)).toBe('FAIL');
    expect(verdict(null, () => true)).toBe('FAIL');
    expect(verdict(Number.NaN, () => true)).toBe('FAIL');
  });

  it('prints one row per line, NOT RUN with its reason among the notes', () => {
    const skipped = notRun(
      { id: 8, title: 'Replay rate', metric: 'jobs/s', comparisonLabel: 'achieved / R', target: '0.9 – 1.1' },
      'no replay command',
    );
    const table = renderTable([
      {
        id: 1,
        title: 'Pipeline overhead',
        metric: 'jobs/s',
        quarry: 900,
        baseline: 1000,
        comparison: 0.9,
        comparisonLabel: 'Quarry / BullMQ',
        target: '≥ 0.85',
        status: 'PASS',
        details: {},
        notes: [],
      },
      skipped,
    ]);
    expect(table.split('\n')).toEqual([
      '# | line              | metric | Quarry | baseline | comparison            | target    | result',
      '--|-------------------|--------|--------|----------|-----------------------|-----------|--------',
      '1 | Pipeline overhead | jobs/s | 900    | 1000     | 0.9 (Quarry / BullMQ) | ≥ 0.85    | PASS',
      '8 | Replay rate       | jobs/s | —      | —        | —                     | 0.9 – 1.1 | NOT RUN',
      '',
      'Notes:',
      '  [8] no replay command',
    ]);
  });
});
