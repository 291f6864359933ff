import { it } from '@quarry/testing';
import { describe, expect } from 'vitest';
import { runQuarry } from './test-fixtures/cli-run';

describe('quarry api-keys create, list and revoke', () => {
  it('prints the key once, lists it without the secret, revokes it', async ({ redisUrl, prefix }) => {
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    const created = await runQuarry(
      ['api-keys', 'create', '--name', 'billing', '--workflows', 'invoice,receipt', '--tenant', 'acme'],
      env,
    );
    expect(created.code, created.stderr).toBe(0);
    const key = created.stdout.trim();
    expect(key).toMatch(/^qk_[0-9a-f]{16}_[A-Za-z0-9_-]{43}$/);
    const id = `ak_${key.slice(3, 19)}`;
    expect(created.stderr).toContain(id);

    const listed = await runQuarry(['api-keys', 'list', '--json'], env);
    expect(JSON.parse(listed.stdout)).toEqual({
      keys: [
        expect.objectContaining({
          id,
          name: 'billing',
          workflows: ['invoice', 'receipt'],
          tenant: 'acme',
          revokedAt: null,
        }),
      ],
    });
    expect(listed.stdout).not.toContain(key.slice(20));
    expect((await runQuarry(['api-keys', 'list'], env)).stdout).toContain(
      `${id}  billing  workflows=invoice,receipt`,
    );

    const revoked = await runQuarry(['api-keys', 'revoke', id], env);
    expect(revoked.code).toBe(0);
    expect(
      JSON.parse((await runQuarry(['api-keys', 'list', '--json'], env)).stdout).keys[0].revokedAt,
    ).not.toBeNull();
    const unknown = await runQuarry(['api-keys', 'revoke', 'ak_0000000000000000'], env);
    expect(unknown.code).toBe(1);
    expect(unknown.stderr).toContain('no key ak_0000000000000000');
  });

  it('refuses a bad scope or id naming the flag, storing nothing', async ({ redisUrl, prefix }) => {
    const env = { REDIS_URL: redisUrl, QUARRY_PREFIX: prefix };
    const bad = await runQuarry(['api-keys', 'create', '--name', 'x', '--workflows', 'Not A Name'], env);
    expect(bad.code).not.toBe(0);
    expect(bad.stderr).toMatch(/workflows/);
    const badId = await runQuarry(['api-keys', 'revoke', '../x'], env);
    expect(badId.code).not.toBe(0);
    expect(badId.stderr).toMatch(/ak_/);
    expect(JSON.parse((await runQuarry(['api-keys', 'list', '--json'], env)).stdout)).toEqual({ keys: [] });
  });
});
