import type { RequestHandler } from 'express';
import type { CsrfSigner } from '../auth/csrf-signer';
import type { DashboardRole } from '../auth/dashboard-user';
import { principalOf } from '../auth/principal';

/**
 * Lets a state-changing form through only for a user of one of `roles` whose form carries a valid
 * CSRF token (`_csrf`); anyone else gets 403 with a JSON reason. Mount after the form body parser.
 * `action` names what the form does, for the message (`replaying` → "replaying needs the admin role").
 */
export function formGuard(options: {
  readonly signer: CsrfSigner;
  readonly action: string;
  readonly roles: readonly DashboardRole[];
}): RequestHandler {
  const { signer, action, roles } = options;
  return (req, res, next) => {
    const principal = principalOf(res);
    if (!roles.includes(principal.role)) {
      res.status(403).json({ error: 'forbidden', message: `${action} needs the ${roles.join(' or ')} role` });
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
