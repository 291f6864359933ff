/**
 * A reproducible number in [0, 1) drawn from `seed` and the given labels (cyrb53 hash), so the
 * same document, call and purpose always draw the same number without any shared state.
 */
export function seededUnit(seed: number, ...labels: readonly (string | number)[]): number {
  const key = `${seed}\u0000${labels.join('\u0000')}`;
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let i = 0; i < key.length; i++) {
    const code = key.charCodeAt(i);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  const bits53 = 2097152 * (h2 >>> 0) + (h1 >>> 11);
  return bits53 / 2 ** 53;
}
