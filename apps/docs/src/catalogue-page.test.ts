import { describe, expect, it } from 'vitest';
import { CatalogueGapError } from './catalogue-gap-error';
import { cataloguePage } from './catalogue-page';
import { catalogueSections } from './catalogue-sections';
import { catalogueTests } from './catalogue-tests';

const listed = catalogueSections.flatMap((section) => section.rows);
/** A test file whose titles prove every listed row, and `extra` besides. */
const proving = (extra = ''): string =>
  `${listed.map((row) => `it('row ${row}: kind ${row} -> outcome', () => {});`).join('\n')}\n${extra}`;
const page = (text: string, allowedMissing: number[] = []) =>
  cataloguePage({
    tests: catalogueTests([{ file: 'packages/x/src/x.test.ts', text }]),
    allowedMissing,
    allowList: 'allow.json',
  });

describe('the catalogue page', () => {
  it('reads one title carrying several rows, and the case names of it.each', () => {
    const tests = catalogueTests([
      {
        file: 'a.test.ts',
        text: `it("row 12, row 13: two rows -> one test", () => {});\nit.each([['row 14: a case', 1]])('%s', () => {});\nit('no row here')`,
      },
    ]);
    expect(tests.map((test) => [test.row, test.summary])).toEqual([
      [12, 'two rows -> one test'],
      [13, 'two rows -> one test'],
      [14, 'a case'],
    ]);
  });

  it('renders one line a row under its section, newer rows under "Other rows"', () => {
    const highest = Math.max(...listed);
    const text = page(proving(`it('row ${highest + 1}: a newer row -> found', () => {});`));
    expect(text).toContain('## Payload contract violations');
    expect(text).toContain('| 1 | kind 1 -> outcome | `packages/x/src/x.test.ts` |');
    expect(text).toContain(
      `## Other rows\n\n| # | Kind tried -> what happens | Test |\n| --- | --- | --- |\n| ${highest + 1} | a newer row -> found |`,
    );
  });

  it('shows a title as written: emphasis marks outside code spans escaped, pipes too', () => {
    const text = proving().replace(
      "it('row 1: kind 1 -> outcome'",
      "it('row 1: key __proto__ | `__proto__` -> a*b'",
    );
    expect(page(text)).toContain('| 1 | key \\_\\_proto\\_\\_ \\| `__proto__` -> a\\*b |');
  });

  it('fails naming a row no test carries, and the allow-list that could excuse it', () => {
    const text = proving().replace(/it\('row 57: [^\n]*\n/, '');
    expect(() => page(text)).toThrow(CatalogueGapError);
    expect(() => page(text)).toThrow('catalogue rows without a test titled "row N: …": 57;');
    expect(() => page(text)).toThrow('allow.json');
    expect(page(text, [57])).toContain('| 57 | (no test: see the allow-list) | — |');
  });

  it('fails on a gap below the highest row, not only on listed rows', () => {
    const highest = Math.max(...listed);
    const text = proving(`it('row ${highest + 2}: skips one', () => {});`);
    expect(() => page(text)).toThrow(`: ${highest + 1};`);
  });
});
