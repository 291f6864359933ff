import { describe, expect, it } from 'vitest';
import { unpaddedTables } from './unpadded-tables';

describe('unpaddedTables', () => {
  it('ignores the padding of table cells and rules, and nothing else', () => {
    const padded = '# T\n\n| a   | bb |\n| --- | -- |\n| 1   | 2  |\n';
    expect(unpaddedTables(padded)).toBe(unpaddedTables('# T\n\n| a | bb |\n| --- | -- |\n| 1 | 2 |\n'));
    expect(unpaddedTables(padded)).not.toBe(unpaddedTables('# T\n\n| a | bb |\n| --- | -- |\n| 1 | 3 |\n'));
    expect(unpaddedTables('#  T')).toBe('#  T');
  });
});
