import { describe, expect, it } from 'vitest';
import { parseUsers } from './dashboard-user';
import { hashPassword, parseStoredSecret, verifyPassword } from './password-hash';

describe('password hashes', () => {
  it('verifies a scrypt hash and refuses other passwords', async () => {
    const hash = await hashPassword('s3cret: with colon', { N: 1024 });
    expect(hash).toMatch(/^scrypt:1024:8:1:[A-Za-z0-9_-]{22}:[A-Za-z0-9_-]{43}$/);
    const secret = parseStoredSecret(hash);
    expect(await verifyPassword(secret, 's3cret: with colon')).toBe(true);
    expect(await verifyPassword(secret, 's3cret: with colon ')).toBe(false);
    expect(await verifyPassword(secret, '')).toBe(false);
  });

  it('salts every hash', async () => {
    expect(await hashPassword('same', { N: 1024 })).not.toBe(await hashPassword('same', { N: 1024 }));
  });

  it('compares plain passwords of any length', async () => {
    const secret = parseStoredSecret('plain-password');
    expect(await verifyPassword(secret, 'plain-password')).toBe(true);
    expect(await verifyPassword(secret, 'plain-passwor')).toBe(false);
    expect(await verifyPassword(secret, 'plain-password-and-more')).toBe(false);
  });

  it('refuses malformed hashes', () => {
    expect(() => parseStoredSecret('scrypt:abc')).toThrow(/must look like scrypt:N:r:p:salt:hash/);
    expect(() => parseStoredSecret('scrypt:1000:8:1:c2FsdHNhbHQ:aGFzaGhhc2hoYXNoaGFzaA')).toThrow(
      /power of two/,
    );
  });
});

describe('parseUsers', () => {
  it('reads users with roles and secrets; the secret may contain colons', () => {
    const { users, problems } = parseUsers('alice:admin:pa:ss, bob:viewer:pw');
    expect(problems).toEqual([]);
    expect(users.map((user) => [user.name, user.role, user.secret])).toEqual([
      ['alice', 'admin', { kind: 'plain', value: 'pa:ss' }],
      ['bob', 'viewer', { kind: 'plain', value: 'pw' }],
    ]);
  });

  it('names every bad entry without repeating its password', () => {
    const { users, problems } = parseUsers(
      'alice:root:hunter2,bob:viewer:,bob:viewer:x,bob:viewer:y,bad name:admin:x,eve:admin:scrypt:zz',
    );
    expect(users.map((user) => user.name)).toEqual(['bob']);
    expect(problems).toEqual([
      'entry 1 (alice): the role must be admin, reviewer or viewer',
      'entry 2 (bob): the password is missing',
      'entry 4 (bob): the name is used twice',
      'entry 5: the name must be 1-64 letters, digits, ".", "_", "@" or "-"',
      'entry 6 (eve): a password hash must look like scrypt:N:r:p:salt:hash (salt and hash in base64url), as printed by hash-password',
    ]);
    expect(problems.join(' ')).not.toContain('hunter2');
  });
});
