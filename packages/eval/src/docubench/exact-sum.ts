/**
 * The sum of some numbers rounded once, at the end (Shewchuk's partials, as Python's `math.fsum`):
 * the order of the numbers cannot change it. The benchmark's published aggregates are computed so.
 */
export function exactSum(values: readonly number[]): number {
  const partials: number[] = [];
  for (let value of values) {
    let kept = 0;
    for (let other of partials) {
      if (Math.abs(value) < Math.abs(other)) [value, other] = [other, value];
      const high = value + other;
      const low = other - (high - value);
      if (low !== 0) partials[kept++] = low;
      value = high;
    }
    partials.length = kept;
    partials.push(value);
  }
  return roundPartials(partials);
}

/** Adds non-overlapping partials from the largest down, rounding half-way cases correctly. */
function roundPartials(partials: readonly number[]): number {
  let index = partials.length;
  if (index === 0) return 0;
  let high = partials[--index]!;
  let low = 0;
  while (index > 0) {
    const before = high;
    const next = partials[--index]!;
    high = before + next;
    low = next - (high - before);
    if (low !== 0) break;
  }
  const below = partials[index - 1];
  if (index > 0 && below !== undefined && ((low < 0 && below < 0) || (low > 0 && below > 0))) {
    const doubled = low * 2;
    const rounded = high + doubled;
    if (doubled === rounded - high) high = rounded;
  }
  return high;
}
