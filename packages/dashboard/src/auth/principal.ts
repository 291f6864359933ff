import type { Response } from 'express';
import type { Principal } from './authenticator';

/** The principal the auth middleware attached to this response's request. */
export function principalOf(res: Response): Principal {
  const principal = (res.locals as { principal?: Principal }).principal;
  if (!principal) throw new Error('no principal: the route is not behind the auth middleware');
  return principal;
}

/** Attaches the principal of this request. */
export function setPrincipal(res: Response, principal: Principal): void {
  (res.locals as { principal?: Principal }).principal = principal;
}
