/** A user name and password from an `Authorization: Basic …` header. */
export interface BasicCredentials {
  readonly name: string;
  readonly password: string;
}

const BASIC = /^Basic ([A-Za-z0-9+/=]+)$/i;

/** The credentials of an `Authorization: Basic …` header, or null (another scheme, or no colon). */
export function basicCredentials(header: string): BasicCredentials | null {
  const match = BASIC.exec(header.trim());
  if (!match) return null;
  const decoded = Buffer.from(match[1] as string, 'base64').toString('utf8');
  const colon = decoded.indexOf(':');
  if (colon < 0) return null;
  return { name: decoded.slice(0, colon), password: decoded.slice(colon + 1) };
}
