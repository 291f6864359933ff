/**
 * The `document` field of a job's input, when the input is an object that has one (checked or not);
 * `undefined` otherwise.
 */
export function documentOfInput(input: unknown): unknown {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) return undefined;
  return Object.hasOwn(input, 'document') ? (input as { document?: unknown }).document : undefined;
}
