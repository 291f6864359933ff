import type { RequestHandler } from 'express';
import type { CsrfSigner } from '../auth/csrf-signer';
import { principalOf } from '../auth/principal';

/**
 * Lets a state-changing form through only for an admin whose form carries a valid CSRF token
 * (`_csrf`); anyone else gets 403 with a JSON reason. Mount after the form body parser.
 * @param action what the form does, for the message (`replaying` → "replaying needs the admin role").
 */
export function adminFormGuard(signer: CsrfSigner, action: string): RequestHandler {
  return (req, res, next) => {
    const principal = principalOf(res);
    if (principal.role !== 'admin') {
      res.status(403).json({ error: 'forbidden', message: `${action} needs the admin role` });
      return;
    }
    const body = (req.body ?? {}) as Record<string, unknown>;
    if (!signer.checkCsrf(principal.csrfIdentity, body._csrf)) {
      res.status(403).json({
        error: 'forbidden',
        message: 'missing or wrong CSRF token; reload the page and try again',
      });
      return;
    }
    next();
  };
}
