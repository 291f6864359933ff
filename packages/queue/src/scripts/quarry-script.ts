/** One Lua script of Quarry's, registered on a client as a command named `name` (ioredis `defineCommand`). */
export interface QuarryScript {
  /** The command name on the client, e.g. `quarryHistoryRead`. */
  readonly name: string;
  /**
   * How many leading arguments are keys (`KEYS`); the rest are `ARGV`. Null for a script taking any
   * number of keys: the caller passes their number first.
   */
  readonly numberOfKeys: number | null;
  /** True when the script only reads (it may then run on replicas). */
  readonly readOnly: boolean;
  /** The script text, headed by a comment naming its KEYS and ARGV. */
  readonly lua: string;
}
