import { parseRedisUrl, QueueConfig, type QueueConfigInput, redactRedisUrl } from '@quarry/queue';
import { CliConfigError } from './cli-config-error';

/** Redis and queue settings of the CLI, from the same variables the worker reads. */
export interface CliConfig {
  readonly redisUrl: string;
  /** For messages: the URL without its password. */
  readonly redisUrlRedacted: string;
  readonly queue: QueueConfigInput;
}

/** Environment variables the CLI reads, for help texts. */
export const cliEnvironmentHelp = `Environment:
  REDIS_URL      redis:// or rediss:// URL, password allowed (default redis://127.0.0.1:6379)
  QUARRY_PREFIX  key prefix with a {hash tag} (default {quarry})
  QUARRY_QUEUE   extraction queue name (default extraction)
  QUARRY_DLQ     dead-letter queue name (default extraction-dlq)`;

const variableOf: Readonly<Record<string, string>> = {
  prefix: 'QUARRY_PREFIX',
  queueName: 'QUARRY_QUEUE',
  dlqName: 'QUARRY_DLQ',
};

/**
 * Reads the CLI's configuration; empty variables count as unset.
 * @throws CliConfigError naming every bad variable.
 */
export function cliConfig(env: Readonly<Record<string, string | undefined>>): CliConfig {
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const problems: string[] = [];
  const redisUrl = read('REDIS_URL') ?? 'redis://127.0.0.1:6379';
  try {
    parseRedisUrl(redisUrl);
  } catch (error) {
    problems.push(`REDIS_URL: ${(error as Error).message}`);
  }
  const queue = Object.fromEntries(
    Object.entries(variableOf).flatMap(([field, variable]) => {
      const value = read(variable);
      return value === undefined ? [] : [[field, value]];
    }),
  ) as QueueConfigInput;
  const parsed = QueueConfig.safeParse(queue);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      problems.push(`${variableOf[String(issue.path[0])] ?? String(issue.path[0])}: ${issue.message}`);
    }
  }
  if (problems.length > 0) throw new CliConfigError({ problems });
  return { redisUrl, redisUrlRedacted: redactRedisUrl(redisUrl), queue };
}
