/** Whether `text` has the form of a batch id: 1 to 128 letters, digits, `_` or `-` (as the API's `msgbatch_…`). */
export function isBatchId(text: string): boolean {
  return /^[A-Za-z0-9_-]{1,128}$/.test(text);
}
