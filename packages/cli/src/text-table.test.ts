import { describe, expect, it } from 'vitest';
import { textTable } from './text-table';

describe('textTable', () => {
  it('shows each cell on one line, escaped and measured as shown', () => {
    const table = textTable(
      ['ID', 'STATE'],
      [
        ['a\u001b[2K\nb', 'dead'],
        ['plain', 'replayed'],
      ],
    );
    expect(table.split('\n')).toEqual([
      `${'ID'.padEnd(17)}  STATE`,
      'a\\u001b[2K\\u000ab  dead',
      `${'plain'.padEnd(17)}  replayed`,
    ]);
  });
});
