import { z } from 'zod';

/** The tenant of a job that names none. */
export const DEFAULT_TENANT = 'default';

/** Letters, digits, `-`, `_`, `.`; 1 to 64 characters. */
export const TENANT_ID_PATTERN = /^[A-Za-z0-9._-]{1,64}$/;

/** A tenant id: a short id of one customer of a Quarry deployment (safe in keys, labels and logs). */
const TENANT_ID_RULE = 'must be a tenant id: 1 to 64 letters, digits, "-", "_" or "."';

export const TenantId = z
  .string({ error: TENANT_ID_RULE })
  .regex(TENANT_ID_PATTERN, { error: TENANT_ID_RULE })
  .describe('The customer this job is for (letters, digits, -, _, ., at most 64); `default` when absent.');
export type TenantId = z.infer<typeof TenantId>;

/** The tenant a job belongs to: its `tenant`, else {@link DEFAULT_TENANT}. */
export function tenantOf(data: { readonly tenant?: string | undefined }): string {
  return data.tenant ?? DEFAULT_TENANT;
}
