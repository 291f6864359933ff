import { createHash } from 'node:crypto';
import { parseStoredSecret, type StoredSecret } from './password-hash';

/**
 * What a user may do: `admin` retries, cleans and replays; `reviewer` reads, and accepts and corrects
 * results flagged for review (seeing their documents as admins do); `viewer` only reads.
 */
export type DashboardRole = 'admin' | 'reviewer' | 'viewer';

const ROLES: readonly string[] = ['admin', 'reviewer', 'viewer'] satisfies DashboardRole[];
const isRole = (role: string): role is DashboardRole => ROLES.includes(role);

/** Roles that may accept and correct results flagged for review. */
export const REVIEW_ROLES: readonly DashboardRole[] = ['admin', 'reviewer'];

/** A user of the dashboard, from the configuration. */
export interface DashboardUser {
  readonly name: string;
  readonly role: DashboardRole;
  readonly secret: StoredSecret;
  /** Digest of the configured secret: sessions are bound to it, so changing a password ends them. */
  readonly secretDigest: string;
}

const NAME = /^[A-Za-z0-9._@-]{1,64}$/;

/** The form of DASHBOARD_USERS, for messages and help. */
export const usersForm =
  'comma-separated name:role:password entries, role admin, reviewer or viewer, password plain or a scrypt: hash';

/**
 * Reads `name:role:secret` entries separated by commas (the secret is everything after the second
 * colon; plain passwords therefore may not contain commas — use a hash for those).
 * @returns the users, or the problems (which never repeat a secret).
 */
export function parseUsers(text: string): { users: DashboardUser[]; problems: string[] } {
  const users: DashboardUser[] = [];
  const problems: string[] = [];
  const entries = text
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
  entries.forEach((entry, i) => {
    const [name = '', role = '', ...rest] = entry.split(':');
    const secretText = rest.join(':');
    const where = `entry ${i + 1}${NAME.test(name) ? ` (${name})` : ''}`;
    if (!NAME.test(name))
      problems.push(`${where}: the name must be 1-64 letters, digits, ".", "_", "@" or "-"`);
    if (!isRole(role)) problems.push(`${where}: the role must be admin, reviewer or viewer`);
    if (secretText === '') problems.push(`${where}: the password is missing`);
    const duplicate = users.some((user) => user.name === name);
    if (duplicate) problems.push(`${where}: the name is used twice`);
    let secret: StoredSecret | null = null;
    if (secretText !== '') {
      try {
        secret = parseStoredSecret(secretText);
      } catch (error) {
        problems.push(`${where}: ${(error as Error).message}`);
      }
    }
    if (secret && !duplicate && NAME.test(name) && isRole(role)) {
      users.push({
        name,
        role,
        secret,
        secretDigest: createHash('sha256').update(secretText).digest('base64url'),
      });
    }
  });
  return { users, problems };
}
