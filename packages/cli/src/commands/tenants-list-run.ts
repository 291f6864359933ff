import { terminalText, textTable } from '@quarry/env';
import { type JobCount, readTenantsView, type TenantRow } from '@quarry/queue';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { TenantsListFlags } from './tenants-list-command';
import { withTenants } from './with-tenants';

/** Runs `quarry tenants list`. */
export async function tenantsList(
  flags: z.output<typeof TenantsListFlags>,
  context: CliContext,
): Promise<number> {
  const view = await withTenants(context, 'tenants list', ({ store, usage, queue }) =>
    readTenantsView({ store, usage, queue, now: Date.now() }),
  );
  if (flags.json) {
    context.stdout(`${JSON.stringify({ tenants: view.rows, unreadable: view.unreadable })}\n`);
    return exitCodes.ok;
  }
  if (view.rows.length === 0) context.stderr('no tenants with settings or recent jobs\n');
  else context.stdout(`${textTable({ head: HEAD, rows: view.rows.map(rowOf) })}\n`);
  for (const name of view.unreadable) {
    context.stderr(`unreadable tenant entry in Redis: ${terminalText(name)}\n`);
  }
  return exitCodes.ok;
}

const HEAD = [
  'TENANT',
  'WEIGHT',
  'MAX CALLS',
  'WAITING',
  'RUNNING',
  'TODAY $ / BUDGET',
  'MONTH $ / BUDGET',
  'TOKENS IN/OUT TODAY',
  'WAIT P50/P95',
];

function rowOf(row: TenantRow): string[] {
  const settings = row.settings ?? {};
  const usage = row.usage;
  const today = row.spent?.todayUsd ?? usage?.today.costUsd ?? 0;
  const month = row.spent?.monthUsd ?? usage?.month.costUsd ?? 0;
  return [
    terminalText(row.tenant),
    String(settings.weight ?? 1),
    settings.maxConcurrency === undefined ? '-' : String(settings.maxConcurrency),
    count(row.waiting) + (row.parked ? ` (${row.parked} parked)` : ''),
    count(row.running),
    `${usd(today)} / ${settings.dailyUsd === undefined ? '-' : usd(settings.dailyUsd)}`,
    `${usd(month)} / ${settings.monthlyUsd === undefined ? '-' : usd(settings.monthlyUsd)}`,
    usage ? `${usage.today.inputTokens}/${usage.today.outputTokens}` : '-',
    usage && usage.waitP50Ms !== null ? `${seconds(usage.waitP50Ms)}/${seconds(usage.waitP95Ms ?? 0)}` : '-',
  ];
}

function count(value: JobCount): string {
  return `${value.atLeast ? '≥' : ''}${value.count}`;
}

function usd(value: number): string {
  return `$${value.toFixed(value < 1 ? 4 : 2)}`;
}

function seconds(ms: number): string {
  return ms < 1000 ? `${ms} ms` : `${(ms / 1000).toFixed(1)} s`;
}
