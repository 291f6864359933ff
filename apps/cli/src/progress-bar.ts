/** Draws `[#####.....] done/total label` on one terminal line, redrawn in place. */
export function progressLine(done: number, total: number, label: string, columns: number): string {
  const width = Math.max(10, Math.min(40, columns - 40));
  const filled = total === 0 ? width : Math.round((done / total) * width);
  const text = `[${'#'.repeat(filled)}${'.'.repeat(width - filled)}] ${done}/${total} ${label}`;
  return `\r${text.slice(0, Math.max(0, columns - 1)).padEnd(Math.max(0, columns - 1))}`;
}
