/**
 * `text` with the padding of its Markdown table rows removed (cells trimmed, `------` rules cut to
 * `---`): the formatter pads tables to align their columns, and that padding is not content.
 */
export function unpaddedTables(text: string): string {
  return text
    .split('\n')
    .map((line) =>
      line.startsWith('|')
        ? line
            .split('|')
            .map((cell) => cell.trim().replace(/^-{3,}$/, '---'))
            .join('|')
        : line,
    )
    .join('\n');
}
