import { cliEnvironmentHelp } from '../environment-help';

/** The environment the webhook commands read, shown by their `--help`. */
export const webhooksEnvironmentHelp = `${cliEnvironmentHelp}
  WEBHOOK_ALLOW_HTTP              deliver to http: URLs too (default https only)
  WEBHOOK_ALLOW_PRIVATE_NETWORKS  addresses or CIDR ranges allowed although not public
  WEBHOOK_TIMEOUT_MS              one deadline per delivery (default 10000)
  WEBHOOK_MAX_ATTEMPTS            tries of a replayed delivery (default 12)`;
