import { describe, expect, it } from 'vitest';
import { textTable } from './text-table';

describe('textTable', () => {
  it('shows each cell on one line, escaped and measured as shown', () => {
    const table = textTable({
      head: ['ID', 'STATE'],
      rows: [
        ['a\u001b[2K\nb', 'dead'],
        ['plain', 'replayed'],
      ],
    });
    expect(table.split('\n')).toEqual([
      `${'ID'.padEnd(17)}  STATE`,
      'a\\u001b[2K\\u000ab  dead',
      `${'plain'.padEnd(17)}  replayed`,
    ]);
  });

  it('cuts cells longer than maxWidth with an ellipsis', () => {
    expect(textTable({ head: ['NAME', 'N'], rows: [['abcdefghij', '1']], maxWidth: 5 }).split('\n')).toEqual([
      'NAME   N',
      'abcd…  1',
    ]);
  });

  it('draws a rule under the head with the separator in dashes, no blanks at line ends', () => {
    expect(
      textTable({
        head: ['#', 'line', 'result'],
        rows: [
          ['1', 'Pipeline overhead', 'PASS'],
          ['8', 'Replay rate', 'NOT RUN'],
        ],
        separator: ' | ',
        headRule: true,
      }).split('\n'),
    ).toEqual([
      '# | line              | result',
      '--|-------------------|--------',
      '1 | Pipeline overhead | PASS',
      '8 | Replay rate       | NOT RUN',
    ]);
  });

  it('aligns the chosen columns right, and takes rows without a head', () => {
    expect(
      textTable({
        rows: [
          ['', 'invoice', 'all'],
          ['completed', '9', '120'],
        ],
        separator: '   ',
        alignRight: [1, 2],
      }).split('\n'),
    ).toEqual(['            invoice   all', 'completed         9   120']);
  });

  it('measures wide characters by the columns they take', () => {
    expect(textTable({ head: ['名前', 'X'], rows: [['ab', 'y']] }).split('\n')).toEqual([
      '名前  X',
      'ab    y',
    ]);
  });
});
