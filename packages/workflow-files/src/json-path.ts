/** A path inside a file as problems name it: `rules[2].expression`, `output.properties.total`; `''` for the root. */
export function jsonPath(path: readonly PropertyKey[]): string {
  return path
    .map((step, index) =>
      typeof step === 'number' ? `[${step}]` : `${index === 0 ? '' : '.'}${String(step)}`,
    )
    .join('');
}
