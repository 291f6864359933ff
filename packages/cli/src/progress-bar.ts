import { terminalText } from '@quarry/env';

/** `[#####.....] done/total label`, padded to fill one terminal line (for `CliTerminal.redraw`). */
export function progressLine(done: number, total: number, label: string, columns: number): string {
  const width = Math.max(10, Math.min(40, columns - 40));
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const text = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${terminalText(label)}`;
  return text.slice(0, Math.max(0, columns - 1)).padEnd(Math.max(0, columns - 1));
}
