import { z } from 'zod';
import type { Principal } from './authenticator';

const values = ['all', 'admin'] as const;

/**
 * Who may see documents (a job's text, a PDF's page text, the original and its blob key, and the
 * quotes grounding took from it): `all` signed-in users, or only `admin`s. The `DASHBOARD_DOCUMENTS` setting.
 */
export const DocumentAccess = z.enum(values, { error: `one of ${values.join(', ')}` });
export type DocumentAccess = z.infer<typeof DocumentAccess>;

/** Whether `principal` may see documents under `access`. */
export function mayReadDocuments(principal: Principal, access: DocumentAccess): boolean {
  switch (access) {
    case 'all':
      return true;
    case 'admin':
      // Reviewers correct extracted values against the document, so they see it as admins do.
      return principal.role === 'admin' || principal.role === 'reviewer';
  }
}
