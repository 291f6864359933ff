import { TenantId } from '@quarry/core';
import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';

/** A setting's flag: a number, `none` (clear the limit), or absent (keep what is stored). */
const limitFlag = z
  .string()
  .transform((text) =>
    text.trim() === 'none' ? null : /^\d+(\.\d+)?$/.test(text.trim()) ? Number(text) : Number.NaN,
  )
  .optional();

export const TenantsSetFlags = z.object({
  args: z.tuple([TenantId]),
  weight: limitFlag,
  maxConcurrency: limitFlag,
  dailyUsd: limitFlag,
  monthlyUsd: limitFlag,
});

/** `quarry tenants set TENANT`: a tenant's weight, concurrency cap and budgets. */
export const tenantsSetCommand = defineCommand({
  name: 'tenants set',
  summary: "set a tenant's weight, concurrency cap and budgets",
  description: `Sets a tenant's settings in Redis (every worker acts on them within 5 s) and wakes its
jobs waiting for a limit. A flag not given keeps the stored value; none clears a limit (back to weight 1
or no limit). Budgets are in USD per UTC day and month, counted on the settled cost of every attempt.`,
  arguments: [{ name: '<tenant>', description: 'the tenant id (letters, digits, -, _, ., at most 64)' }],
  usage: '<tenant> [--weight W] [--max-concurrency N] [--daily-usd X] [--monthly-usd X]',
  options: () => [
    new Option('--weight <w>', 'share under contention, relative to other tenants (default 1; none: 1)'),
    new Option('--max-concurrency <n>', 'model calls in flight at once over every worker (none: no cap)'),
    new Option('--daily-usd <x>', 'USD per UTC day; 0 stops the tenant (none: no budget)'),
    new Option('--monthly-usd <x>', 'USD per UTC month; 0 stops the tenant (none: no budget)'),
  ],
  flags: TenantsSetFlags,
  examples: [
    'quarry tenants set acme --weight 2 --max-concurrency 20 --daily-usd 50',
    'quarry tenants set acme --daily-usd none',
  ],
  helpAfter: `Exit codes: 0 set, 1 a bad id or value (nothing written), or no Redis.\n\n${cliEnvironmentHelp}`,
  run: async (flags, context) => (await import('./tenants-set-run')).tenantsSet(flags, context),
});
