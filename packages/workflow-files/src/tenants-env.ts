import { z } from 'zod';

/**
 * `QUARRY_TENANTS`: tenant settings files (comma-separated, JSON or YAML, `{ tenants: { id: settings } }`)
 * that the worker, the CLI and the API write to Redis when they start. Spread into a program's env schema.
 */
export const tenantsEnv = {
  QUARRY_TENANTS: z
    .string({ error: 'comma-separated tenant settings files' })
    .transform((value) =>
      value
        .split(',')
        .map((path) => path.trim())
        .filter((path) => path !== ''),
    )
    .optional()
    .describe(
      'Tenant settings files, comma-separated (JSON or YAML: { tenants: { <id>: { weight, maxConcurrency, dailyUsd, monthlyUsd } } }), written to Redis at start; they win for the tenants they name',
    ),
};
