/** Marks the end of an exhaustive `switch`: compiling fails when a case is missing. */
export function assertNever(value: never, what: string): never {
  throw new TypeError(`Unhandled ${what}: ${JSON.stringify(value)}`);
}
