/** One Lua script of Quarry's, registered on a client as a command named `name` (ioredis `defineCommand`). */
export interface QuarryScript {
  /** The command name on the client, e.g. `quarryHistoryRead`. */
  readonly name: string;
  /** How many leading arguments are keys (`KEYS`); the rest are `ARGV`. */
  readonly numberOfKeys: number;
  /** True when the script only reads (it may then run on replicas). */
  readonly readOnly: boolean;
  /** The script text, headed by a comment naming its KEYS and ARGV. */
  readonly lua: string;
}
