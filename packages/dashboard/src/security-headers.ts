import type { RequestHandler } from 'express';
import helmet from 'helmet';

/**
 * Security headers on every response: a CSP allowing only the dashboard's own scripts, styles (bull-board
 * sets inline style attributes), images and API calls; no framing (frame-ancestors and X-Frame-Options);
 * nosniff; referrers only to this origin (with no-referrer browsers send `Origin: null` on form posts, which the CSRF guard refuses); HSTS only when served over https.
 */
export function securityHeaders(options: { readonly https: boolean }): RequestHandler {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        scriptSrc: ["'self'"],
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'"],
        objectSrc: ["'none'"],
        baseUri: ["'self'"],
        formAction: ["'self'"],
        frameAncestors: ["'none'"],
        ...(options.https ? { upgradeInsecureRequests: [] } : {}),
      },
    },
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'same-origin' },
    strictTransportSecurity: options.https ? { maxAge: 15_552_000, includeSubDomains: true } : false,
    crossOriginEmbedderPolicy: false,
  });
}
