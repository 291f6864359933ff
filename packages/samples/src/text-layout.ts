/** Column alignment in a plain-text table. */
export type Align = 'left' | 'right';

/** Lays rows out in padded columns separated by `gap` spaces, each line prefixed by `indent`. */
export function textTable(
  rows: readonly (readonly string[])[],
  options: { align: readonly Align[]; gap?: number; indent?: string },
): string[] {
  const gap = ' '.repeat(options.gap ?? 2);
  const widths: number[] = [];
  for (const row of rows) {
    row.forEach((cell, i) => {
      widths[i] = Math.max(widths[i] ?? 0, cell.length);
    });
  }
  return rows.map((row) => {
    const cells = row.map((cell, i) => {
      const width = widths[i] ?? 0;
      return options.align[i] === 'right' ? cell.padStart(width) : cell.padEnd(width);
    });
    return `${options.indent ?? ''}${cells.join(gap)}`.trimEnd();
  });
}

/** Two blocks of lines side by side, the left one padded to `width`. */
export function sideBySide(left: readonly string[], right: readonly string[], width: number): string[] {
  const lines: string[] = [];
  for (let i = 0; i < Math.max(left.length, right.length); i++) {
    lines.push(`${(left[i] ?? '').padEnd(width)}${right[i] ?? ''}`.trimEnd());
  }
  return lines;
}

/** Right-aligns `label  value` pairs so that the values end at column `width`. */
export function totalsBlock(pairs: readonly (readonly [string, string])[], width: number): string[] {
  const valueWidth = Math.max(...pairs.map(([, value]) => value.length));
  return pairs.map(([label, value]) => `${label}  ${value.padStart(valueWidth)}`.padStart(width));
}

/** Pads a number with leading zeros. */
export const pad = (value: number, length: number): string => String(value).padStart(length, '0');
