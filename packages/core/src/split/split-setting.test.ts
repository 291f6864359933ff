import { describe, expect, it } from 'vitest';
import { resolveSplitSetting, SplitSetting, splitDefaults, splitSettingProblems } from './split-setting';

function problemsOf(value: unknown): string[] {
  const parsed = SplitSetting.safeParse(value);
  if (parsed.success) throw new Error('expected a bad setting');
  return splitSettingProblems(parsed.error);
}

describe('SplitSetting', () => {
  it('accepts auto, off and the object form', () => {
    expect(SplitSetting.parse('auto')).toBe('auto');
    expect(SplitSetting.parse('off')).toBe('off');
    const full = {
      pages: { window: 20, overlap: 2 },
      fields: [['total', 'vendor.name'], ['lineItems']],
      arrayKeys: { lineItems: ['description', 'amount'] },
      merge: { total: 'max', 'lineItems[].amount': 'first' },
      onChildFailure: 'partial',
    };
    expect(SplitSetting.parse(full)).toEqual(full);
    expect(SplitSetting.parse({})).toEqual({});
    expect(SplitSetting.parse({ fields: 'auto' })).toEqual({ fields: 'auto' });
  });

  it.each([
    ['sometimes', ["split: 'auto', 'off' or { pages, fields, arrayKeys, merge, onChildFailure }"]],
    [42, ["split: 'auto', 'off' or { pages, fields, arrayKeys, merge, onChildFailure }"]],
    [{ pages: { window: 0 } }, ['split.pages.window: a whole number from 1 to 1000']],
    [{ pages: { window: 1001 } }, ['split.pages.window: a whole number from 1 to 1000']],
    [{ pages: { window: 2.5 } }, ['split.pages.window: a whole number from 1 to 1000']],
    [{ pages: { overlap: -1 } }, ['split.pages.overlap: a whole number from 0']],
    [{ pages: { window: 5, overlap: 5 } }, ['split.pages.overlap: overlap must be less than window']],
    [{ pages: { overlap: 10 } }, ['split.pages.overlap: overlap must be less than window']],
    [{ pages: { size: 3 } }, ['split.pages: Unrecognized key: "size"']],
    [{ page: {} }, ['split: Unrecognized key: "page"']],
    [{ fields: [] }, ['split.fields: at least one group']],
    [{ fields: [[]] }, ['split.fields[0]: a group of at least one path']],
    [{ fields: 'all' }, ["split.fields: 'auto' or a list of groups of output paths"]],
    [{ fields: [['a..b']] }, ['split.fields[0][0]: a dot path of output properties (vendor.name)']],
    [{ fields: [['lines[].amount']] }, ['split.fields[0][0]: a dot path of output properties (vendor.name)']],
    [{ fields: Array.from({ length: 65 }, (_, i) => [`f${i}`]) }, ['split.fields: at most 64 groups']],
    [
      { arrayKeys: { lineItems: [] } },
      ['split.arrayKeys.lineItems: Too small: expected array to have >=1 items'],
    ],
    [
      { merge: { total: 'average' } },
      ['split.merge.total: Invalid option: expected one of "first"|"last"|"max"|"min"'],
    ],
    [
      { onChildFailure: 'retry' },
      ['split.onChildFailure: Invalid option: expected one of "dead_letter"|"partial"'],
    ],
  ])('names the problem of %j', (value, problems) => {
    expect(problemsOf(value)).toEqual(problems);
  });

  it('names a bad merge or array key path', () => {
    expect(problemsOf({ merge: { 'a[]b': 'max' } }).join()).toContain('split.merge');
    expect(problemsOf({ arrayKeys: { 'lines[]': ['id'] } }).join()).toContain('split.arrayKeys');
  });
});

describe('resolveSplitSetting', () => {
  it('gives auto with every default for no setting', () => {
    const auto = {
      mode: 'auto',
      pages: { window: 10, overlap: 1, forced: false },
      fields: 'auto',
      arrayKeys: {},
      merge: {},
      onChildFailure: 'dead_letter',
    };
    expect(resolveSplitSetting(undefined)).toEqual(auto);
    expect(resolveSplitSetting('auto')).toEqual(auto);
    expect(resolveSplitSetting('off')).toEqual({ ...auto, mode: 'off' });
    expect(splitDefaults.setting).toBe('auto');
  });

  it('fills the object form and marks named pages as forced', () => {
    expect(resolveSplitSetting({ pages: { window: 4 } })).toMatchObject({
      mode: 'set',
      pages: { window: 4, overlap: 1, forced: true },
    });
    expect(resolveSplitSetting({ pages: {} }).pages).toEqual({ window: 10, overlap: 1, forced: true });
    const set = resolveSplitSetting({
      fields: [['total']],
      arrayKeys: { lineItems: ['sku'] },
      merge: { total: 'last' },
      onChildFailure: 'partial',
    });
    expect(set).toEqual({
      mode: 'set',
      pages: { window: 10, overlap: 1, forced: false },
      fields: [['total']],
      arrayKeys: { lineItems: ['sku'] },
      merge: { total: 'last' },
      onChildFailure: 'partial',
    });
  });

  it('throws a TypeError naming a bad setting', () => {
    expect(() => resolveSplitSetting({ pages: { window: 3, overlap: 3 } } as never)).toThrow(
      new TypeError('split.pages.overlap: overlap must be less than window'),
    );
  });
});
