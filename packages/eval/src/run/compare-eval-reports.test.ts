import { describe, expect, it } from 'vitest';
import { reportWith } from '../test-fixtures/eval-fakes';
import { compareEvalReports } from './compare-eval-reports';
import { EvalComparison } from './eval-comparison';
import { EvalOptionError } from './eval-option-error';

const baseline = reportWith({ runId: 'base', f1: 0.9, fields: { total: 0.9, vendor: 0.8 } });

describe('compareEvalReports', () => {
  it('fails on an overall drop of 0.03 at maxDrop 0.02, passes on 0.01 and on exactly 0.02', () => {
    const at = (f1: number) =>
      compareEvalReports({
        baseline,
        current: reportWith({ runId: 'now', f1, fields: { total: 0.9, vendor: 0.8 } }),
        maxDrop: 0.02,
      });
    const dropped = at(0.87);
    expect(dropped.verdict).toEqual({
      type: 'fail',
      drops: [{ type: 'overall', baseline: 0.9, current: 0.87, delta: 0.87 - 0.9 }],
    });
    expect(dropped.overall.delta).toBeCloseTo(-0.03, 12);
    expect(at(0.89).verdict).toEqual({ type: 'pass' });
    expect(at(0.88).verdict).toEqual({ type: 'pass' });
    expect(at(0.95).verdict).toEqual({ type: 'pass' });
  });

  it('fails on one field falling by more than maxDrop, the overall F1 unchanged', () => {
    const current = reportWith({ runId: 'now', f1: 0.9, fields: { total: 0.87, vendor: 0.81 } });
    const comparison = compareEvalReports({ baseline, current });
    expect(comparison.maxDrop).toBe(0.02);
    expect(comparison.verdict).toMatchObject({
      type: 'fail',
      drops: [{ type: 'field', field: 'total', baseline: 0.9, current: 0.87 }],
    });
    expect(compareEvalReports({ baseline, current, maxDrop: 0.05 }).verdict).toEqual({ type: 'pass' });
  });

  it('shows fields of one run only as such, in order of path, never as drops', () => {
    const current = reportWith({ runId: 'now', f1: 0.9, fields: { amount: 0.5, total: 0.9 } });
    const comparison = compareEvalReports({ baseline, current });
    expect(comparison.fields).toEqual([
      { type: 'current-only', field: 'amount', current: 0.5 },
      { type: 'both', field: 'total', baseline: 0.9, current: 0.9, delta: 0 },
      { type: 'baseline-only', field: 'vendor', baseline: 0.8 },
    ]);
    expect(comparison.verdict).toEqual({ type: 'pass' });
  });

  it('gates on the DocuBench score when both runs have one', () => {
    const before = reportWith({ runId: 'base', f1: 0.9, docubench: 0.95 });
    const after = reportWith({ runId: 'now', f1: 0.9, docubench: 0.9 });
    expect(compareEvalReports({ baseline: before, current: after }).verdict).toMatchObject({
      type: 'fail',
      drops: [{ type: 'docubench', baseline: 0.95, current: 0.9 }],
    });
    const quarryOnly = reportWith({ runId: 'now', f1: 0.9 });
    const mixed = compareEvalReports({ baseline: before, current: quarryOnly });
    expect(mixed.docubench).toBeNull();
    expect(mixed.differs).toEqual(['scoring']);
    expect(mixed.verdict).toEqual({ type: 'pass' });
  });

  it('orders drops overall, DocuBench, then fields by path; the same whatever order fields come in', () => {
    const before = reportWith({ runId: 'base', f1: 0.9, docubench: 0.9, fields: { z: 0.9, a: 0.9, m: 0.9 } });
    const after = reportWith({ runId: 'now', f1: 0.8, docubench: 0.8, fields: { m: 0.5, z: 0.5, a: 0.5 } });
    const comparison = compareEvalReports({ baseline: before, current: after });
    expect(
      comparison.verdict.type === 'fail' &&
        comparison.verdict.drops.map((drop) => (drop.type === 'field' ? drop.field : drop.type)),
    ).toEqual(['overall', 'docubench', 'a', 'm', 'z']);
    const reordered = reportWith({
      runId: 'now',
      f1: 0.8,
      docubench: 0.8,
      fields: { a: 0.5, z: 0.5, m: 0.5 },
    });
    expect(compareEvalReports({ baseline: before, current: reordered })).toEqual(comparison);
    expect(EvalComparison.parse(comparison)).toEqual(comparison);
  });

  it('names the settings in which the runs differ', () => {
    const current = reportWith({
      runId: 'now',
      f1: 0.9,
      run: { model: 'claude-x', lessons: true, workflow: { name: 'invoice', version: 3 } },
    });
    expect(compareEvalReports({ baseline, current }).differs).toEqual(['workflow', 'model', 'lessons']);
  });

  it('refuses a maxDrop that is not a number from 0 to 1', () => {
    const current = reportWith({ f1: 0.9 });
    for (const maxDrop of [-0.01, 1.5, Number.NaN, Number.POSITIVE_INFINITY]) {
      expect(() => compareEvalReports({ baseline, current, maxDrop })).toThrow(EvalOptionError);
    }
    expect(() => compareEvalReports({ baseline, current, maxDrop: -1 })).toThrow(
      'maxDrop must be a number from 0 to 1 (an F1 difference)',
    );
    expect(compareEvalReports({ baseline, current, maxDrop: 0 }).verdict).toEqual({ type: 'pass' });
    expect(compareEvalReports({ baseline, current: reportWith({ f1: 0.1 }), maxDrop: 1 }).verdict).toEqual({
      type: 'pass',
    });
  });
});
