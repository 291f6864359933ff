import type { IncomingMessage } from 'node:http';

/** The API key a request carries: `x-api-key`, else a bearer token. */
export function apiKeyOf(request: IncomingMessage): string | undefined {
  const key = request.headers['x-api-key'];
  if (typeof key === 'string') return key;
  const authorization = request.headers.authorization;
  return authorization?.startsWith('Bearer ') ? authorization.slice('Bearer '.length) : undefined;
}
