import { createHash, randomBytes, type ScryptOptions, scrypt, timingSafeEqual } from 'node:crypto';

/** Cost parameters of new password hashes. */
export const scryptDefaults = { N: 32_768, r: 8, p: 1, keyLength: 32, saltBytes: 16 } as const;

/** How a user's password is kept in the configuration. */
export type StoredSecret =
  | { readonly kind: 'plain'; readonly value: string }
  | {
      readonly kind: 'scrypt';
      readonly N: number;
      readonly r: number;
      readonly p: number;
      readonly salt: Buffer;
      readonly hash: Buffer;
    };

const HASH = /^scrypt:(\d+):(\d+):(\d+):([A-Za-z0-9_-]+):([A-Za-z0-9_-]+)$/;

/** The form of a password hash, for messages. */
export const passwordHashForm =
  'scrypt:N:r:p:salt:hash (salt and hash in base64url), as printed by hash-password';

/**
 * Reads a configured secret: a password hash when it starts with `scrypt:`, else a plain password.
 * @throws TypeError when a `scrypt:` value is malformed or its cost parameters are out of range.
 */
export function parseStoredSecret(text: string): StoredSecret {
  if (!text.startsWith('scrypt:')) return { kind: 'plain', value: text };
  const match = HASH.exec(text);
  if (!match) throw new TypeError(`a password hash must look like ${passwordHashForm}`);
  const [, n, r, p, salt, hash] = match as unknown as [string, string, string, string, string, string];
  const N = Number(n);
  if (N < 2 || N > 2 ** 20 || (N & (N - 1)) !== 0)
    throw new TypeError('scrypt N must be a power of two up to 2^20');
  if (Number(r) < 1 || Number(r) > 32 || Number(p) < 1 || Number(p) > 16) {
    throw new TypeError('scrypt r must be 1 to 32 and p 1 to 16');
  }
  const saltBytes = Buffer.from(salt, 'base64url');
  const hashBytes = Buffer.from(hash, 'base64url');
  if (saltBytes.length < 8 || hashBytes.length < 16)
    throw new TypeError('the salt or hash of a password hash is too short');
  return { kind: 'scrypt', N, r: Number(r), p: Number(p), salt: saltBytes, hash: hashBytes };
}

function derive(password: string, salt: Buffer, length: number, options: ScryptOptions): Promise<Buffer> {
  const N = options.N ?? scryptDefaults.N;
  const r = options.r ?? scryptDefaults.r;
  const maxmem = 256 * N * r + 1024 * 1024;
  return new Promise((resolve, reject) =>
    scrypt(password, salt, length, { ...options, maxmem }, (error, key) =>
      error ? reject(error) : resolve(key),
    ),
  );
}

/** A new scrypt hash of `password` in the configuration's format. */
export async function hashPassword(
  password: string,
  cost: { readonly N?: number; readonly r?: number; readonly p?: number } = {},
): Promise<string> {
  if (password === '') throw new TypeError('the password must not be empty');
  const N = cost.N ?? scryptDefaults.N;
  const r = cost.r ?? scryptDefaults.r;
  const p = cost.p ?? scryptDefaults.p;
  const salt = randomBytes(scryptDefaults.saltBytes);
  const hash = await derive(password, salt, scryptDefaults.keyLength, { N, r, p });
  return `scrypt:${N}:${r}:${p}:${salt.toString('base64url')}:${hash.toString('base64url')}`;
}

const sha256 = (value: string): Buffer => createHash('sha256').update(value, 'utf8').digest();

/** Compares a candidate password with a stored secret in constant time (per secret). */
export async function verifyPassword(secret: StoredSecret, candidate: string): Promise<boolean> {
  if (secret.kind === 'plain') return timingSafeEqual(sha256(candidate), sha256(secret.value));
  const derived = await derive(candidate, secret.salt, secret.hash.length, {
    N: secret.N,
    r: secret.r,
    p: secret.p,
  });
  return timingSafeEqual(derived, secret.hash);
}
