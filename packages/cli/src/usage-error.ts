/** The command line is wrong; the message names the problem and the command prints its usage hint. */
export class UsageError extends Error {
  override readonly name = 'UsageError';
}
