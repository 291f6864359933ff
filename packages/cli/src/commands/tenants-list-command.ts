import { Option } from 'commander';
import { z } from 'zod';
import { defineCommand } from '../define-command';
import { cliEnvironmentHelp } from '../environment-help';
import { switchFlag } from '../flag-schemas';

export const TenantsListFlags = z.object({ json: switchFlag });

/** `quarry tenants list`: every tenant with settings or recent jobs, and its figures. */
export const tenantsListCommand = defineCommand({
  name: 'tenants list',
  summary: 'list tenants: settings, jobs waiting and running, spend, tokens, wait times',
  description: `Lists the tenants that have settings or were enqueued for lately (at most 200): their
settings, jobs waiting and running (counted from up to 10,000 jobs: "≥" past that), spend today and this
month against their budgets, tokens and cost today and this month, and queue wait p50/p95 today (bucketed).`,
  usage: '[--json]',
  options: () => [new Option('--json', 'print { tenants: [...], unreadable: [...] }')],
  flags: TenantsListFlags,
  examples: ['quarry tenants list', 'quarry tenants list --json'],
  helpAfter: cliEnvironmentHelp,
  run: async (flags, context) => (await import('./tenants-list-run')).tenantsList(flags, context),
});
