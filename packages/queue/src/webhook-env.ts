import { BlockList, isIP } from 'node:net';
import { booleanVar, integerVar } from '@quarry/env';
import { z } from 'zod';

/** Defaults of the webhook settings, in one place. */
export const webhookDefaults = {
  /** One deadline per delivery (resolution, connection, request, response head). */
  timeoutMs: 10_000,
  /** Deliveries one worker process makes at once. */
  concurrency: 8,
  /** Tries per delivery before it goes to the delivery DLQ. */
  maxAttempts: 12,
  /** Base of the jittered exponential backoff between tries. */
  backoffBaseMs: 30_000,
  /** Cap of that backoff: 4 hours (12 tries spread over about a day). */
  backoffCapMs: 4 * 3_600_000,
  /** How long a subscription lookup per workflow is cached by the emitting worker. */
  subscriptionCacheMs: 5_000,
} as const;

const networkForm = 'a comma-separated list of addresses or CIDR ranges, e.g. 10.0.0.0/8,127.0.0.1';

/** An address or CIDR range list; the message names a bad entry. Parsed to the entries as given. */
const networkListVar = () =>
  z
    .string()
    .transform((value, context) => {
      const entries = value
        .split(',')
        .map((entry) => entry.trim())
        .filter((entry) => entry !== '');
      for (const entry of entries) {
        const [address = '', bits, ...rest] = entry.split('/');
        const family = isIP(address);
        const maxBits = family === 6 ? 128 : 32;
        const okBits = bits === undefined || (/^\d{1,3}$/.test(bits) && Number(bits) <= maxBits);
        if (family === 0 || !okBits || rest.length > 0) {
          context.addIssue({
            code: 'custom',
            message: `${networkForm} (${JSON.stringify(entry.slice(0, 64))} is not one)`,
          });
          return z.NEVER;
        }
      }
      return entries;
    })
    .meta({ type: networkForm });

/**
 * The webhook variables, read by the worker (deliveries) and the CLI (`quarry webhooks add|test`).
 * URLs are https only and must resolve to public addresses, as URL documents, unless
 * `WEBHOOK_ALLOW_HTTP` and `WEBHOOK_ALLOW_PRIVATE_NETWORKS` say otherwise.
 */
export const webhookEnv = {
  WEBHOOK_TIMEOUT_MS: integerVar(100, 120_000).default(webhookDefaults.timeoutMs).meta({
    description:
      'One deadline per webhook delivery (100–120000 ms): resolution, connection, request and the answer.',
  }),
  WEBHOOK_CONCURRENCY: integerVar(1, 200)
    .default(webhookDefaults.concurrency)
    .meta({ description: 'Webhook deliveries one worker process makes at once (1–200).' }),
  WEBHOOK_MAX_ATTEMPTS: integerVar(1, 50).default(webhookDefaults.maxAttempts).meta({
    description:
      'Tries per webhook delivery (1–50) before it goes to the delivery DLQ (`quarry webhooks replay`).',
  }),
  WEBHOOK_BACKOFF_BASE_MS: integerVar(10)
    .default(webhookDefaults.backoffBaseMs)
    .meta({ description: 'Base of the jittered exponential backoff between delivery tries.' }),
  WEBHOOK_BACKOFF_CAP_MS: integerVar(10)
    .default(webhookDefaults.backoffCapMs)
    .meta({ description: 'Cap of that backoff (at least `WEBHOOK_BACKOFF_BASE_MS`).' }),
  WEBHOOK_ALLOW_HTTP: booleanVar().default(false).meta({
    description: 'Deliver to `http:` URLs too (default: `https:` only). For tests and private networks.',
  }),
  WEBHOOK_ALLOW_PRIVATE_NETWORKS: networkListVar().optional().meta({
    description:
      'Addresses or CIDR ranges (`10.0.0.0/8,127.0.0.1`) webhooks may be delivered to although not public; metadata addresses (169.254.169.254, …) are refused always.',
    whenUnset: 'none (public addresses only)',
  }),
};

/** The webhook settings, parsed. */
export interface WebhookSettings {
  readonly timeoutMs: number;
  readonly concurrency: number;
  readonly maxAttempts: number;
  readonly backoff: { readonly baseMs: number; readonly capMs: number };
  readonly allowHttp: boolean;
  /** Addresses or CIDR ranges allowed although not public. */
  readonly allowPrivateNetworks: readonly string[];
}

/** The {@link WebhookSettings} of parsed {@link webhookEnv} variables (a cap below the base is raised to it). */
export function webhookSettings(env: {
  readonly WEBHOOK_TIMEOUT_MS: number;
  readonly WEBHOOK_CONCURRENCY: number;
  readonly WEBHOOK_MAX_ATTEMPTS: number;
  readonly WEBHOOK_BACKOFF_BASE_MS: number;
  readonly WEBHOOK_BACKOFF_CAP_MS: number;
  readonly WEBHOOK_ALLOW_HTTP: boolean;
  readonly WEBHOOK_ALLOW_PRIVATE_NETWORKS?: readonly string[] | undefined;
}): WebhookSettings {
  return {
    timeoutMs: env.WEBHOOK_TIMEOUT_MS,
    concurrency: env.WEBHOOK_CONCURRENCY,
    maxAttempts: env.WEBHOOK_MAX_ATTEMPTS,
    backoff: {
      baseMs: env.WEBHOOK_BACKOFF_BASE_MS,
      capMs: Math.max(env.WEBHOOK_BACKOFF_BASE_MS, env.WEBHOOK_BACKOFF_CAP_MS),
    },
    allowHttp: env.WEBHOOK_ALLOW_HTTP,
    allowPrivateNetworks: env.WEBHOOK_ALLOW_PRIVATE_NETWORKS ?? [],
  };
}

/** A `BlockList` of the allowed private networks (checked with `check(address, family)`). */
export function allowedNetworks(entries: readonly string[]): BlockList {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return list;
}

/**
 * The delay before the next delivery try: full-range jitter over the upper half of a capped
 * exponential (`min(cap, base · 2^(n−1))`, `n` the tries made), so retries of many deliveries spread out.
 */
export function webhookBackoffDelay(options: {
  readonly attemptsMade: number;
  readonly baseMs: number;
  readonly capMs: number;
  readonly random?: () => number;
}): number {
  const n = Math.max(1, Math.min(Math.trunc(options.attemptsMade), 60));
  const ceiling = Math.min(options.capMs, options.baseMs * 2 ** (n - 1));
  const random = Math.min(Math.max((options.random ?? Math.random)(), 0), 1);
  return Math.round(ceiling / 2 + (ceiling / 2) * random);
}
