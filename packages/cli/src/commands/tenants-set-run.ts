import type { TenantSettings } from '@quarry/core';
import type { z } from 'zod';
import type { CliContext } from '../cli-context';
import { exitCodes } from '../exit-codes';
import type { TenantsSetFlags } from './tenants-set-command';
import { withTenants } from './with-tenants';

type Flags = z.output<typeof TenantsSetFlags>;

/** Runs `quarry tenants set`: merges the flags over the stored settings, writes them, wakes parked jobs. */
export async function tenantsSet(flags: Flags, context: CliContext): Promise<number> {
  const [tenant] = flags.args;
  const { settings, woken } = await withTenants(context, 'tenants set', async ({ store }) => {
    const stored = (await store.all()).settings.get(tenant) ?? {};
    const settings = await store.set(tenant, merged(stored, flags));
    return { settings, woken: await store.wakeParked(tenant) };
  });
  context.stdout(`${JSON.stringify({ tenant, settings })}\n`);
  if (woken > 0) context.stderr(`woke ${woken} job(s) of ${tenant} waiting for a limit\n`);
  return exitCodes.ok;
}

/** The stored settings with each flag given over them (`null`: the limit cleared). */
function merged(stored: TenantSettings, flags: Flags): Record<string, unknown> {
  const next: Record<string, unknown> = { ...stored };
  for (const name of ['weight', 'maxConcurrency', 'dailyUsd', 'monthlyUsd'] as const) {
    const value = flags[name];
    if (value === undefined) continue;
    if (value === null) delete next[name];
    else next[name] = value;
  }
  return next;
}
