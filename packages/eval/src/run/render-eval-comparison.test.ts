import { describe, expect, it } from 'vitest';
import { reportWith } from '../test-fixtures/eval-fakes';
import { compareEvalReports } from './compare-eval-reports';
import { renderEvalComparison } from './render-eval-comparison';

const baseline = reportWith({
  runId: 'base',
  f1: 0.9,
  fields: { total: 0.9, vendor: 0.8, old: 1, 'same\u001b[2J': 0.5 },
});

describe('renderEvalComparison', () => {
  it('shows the runs, what differs, the F1 change, fields drops first and the verdict', () => {
    const current = reportWith({
      runId: 'now',
      f1: 0.87,
      fields: { total: 0.95, vendor: 0.7, new: 0.5, 'same\u001b[2J': 0.49 },
      run: { lessons: true },
    });
    expect(renderEvalComparison(compareEvalReports({ baseline, current })).split('\n')).toEqual([
      'Run now (invoice@2, 10 items) against baseline base (invoice@2, 10 items), max drop 0.020',
      'The runs differ in: lessons',
      'F1 0.900 → 0.870 (-0.030)  DROP',
      '',
      'FIELD          BASELINE  CURRENT  CHANGE',
      'vendor            0.800    0.700  -0.100  DROP',
      'same\\u001b[2J     0.500    0.490  -0.010',
      'total             0.900    0.950  +0.050',
      'new                   -    0.500          new',
      'old               1.000        -          gone',
      '',
      'FAIL: 2 figures fell by more than 0.020: overall F1, vendor',
    ]);
  });

  it('passes with the DocuBench line, and lists every drop even past the field limit', () => {
    const before = reportWith({ runId: 'base', f1: 0.9, docubench: 0.9, fields: { a: 0.9, b: 0.9, c: 0.9 } });
    const same = reportWith({ runId: 'now', f1: 0.9, docubench: 0.91, fields: { a: 0.9, b: 0.9, c: 0.9 } });
    expect(
      renderEvalComparison(compareEvalReports({ baseline: before, current: same }), { fields: 1 }).split(
        '\n',
      ),
    ).toEqual([
      'Run now (invoice@2, 10 items) against baseline base (invoice@2, 10 items), max drop 0.020',
      'F1 0.900 → 0.900 (0.000)',
      'DocuBench 0.900 → 0.910 (+0.010)',
      '',
      'FIELD  BASELINE  CURRENT  CHANGE',
      'a         0.900    0.900   0.000',
      '… 2 more fields',
      '',
      'PASS: nothing fell by more than 0.020',
    ]);
    const worse = reportWith({ runId: 'now', f1: 0.9, docubench: 0.8, fields: { a: 0.5, b: 0.5, c: 0.9 } });
    const lines = renderEvalComparison(compareEvalReports({ baseline: before, current: worse }), {
      fields: 1,
    }).split('\n');
    expect(lines.slice(2)).toEqual([
      'DocuBench 0.900 → 0.800 (-0.100)  DROP',
      '',
      'FIELD  BASELINE  CURRENT  CHANGE',
      'a         0.900    0.500  -0.400  DROP',
      'b         0.900    0.500  -0.400  DROP',
      '… 1 more fields',
      '',
      'FAIL: 3 figures fell by more than 0.020: DocuBench, a, b',
    ]);
  });
});
