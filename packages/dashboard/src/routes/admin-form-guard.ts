import type { RequestHandler } from 'express';
import type { CsrfSigner } from '../auth/csrf-signer';
import { formGuard } from './form-guard';

/**
 * Lets a state-changing form through only for an admin whose form carries a valid CSRF token
 * (`_csrf`); anyone else gets 403 with a JSON reason. Mount after the form body parser.
 * @param action what the form does, for the message (`replaying` → "replaying needs the admin role").
 */
export function adminFormGuard(signer: CsrfSigner, action: string): RequestHandler {
  return formGuard({ signer, action, roles: ['admin'] });
}
