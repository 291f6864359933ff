import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import { TenantId } from '@quarry/core';
import { z } from 'zod';
import type { QuarryKeys } from './keys';
import type { RedisClient } from './redis-connection';

/** Longest API key name, in characters. */
export const MAX_API_KEY_NAME_CHARS = 64;
/** Most workflows one API key may be scoped to. */
export const MAX_API_KEY_WORKFLOWS = 64;

/** An API key id: `ak_` and 16 hex digits (also the start of the key itself). */
export const ApiKeyId = z
  .string()
  .regex(/^ak_[0-9a-f]{16}$/, { error: 'must be an API key id such as ak_0123456789abcdef' });
export type ApiKeyId = z.infer<typeof ApiKeyId>;

const WORKFLOW_NAME = /^[a-z][a-z0-9-]{0,63}$/;

/** The workflows an API key may enqueue and read: a list of workflow names, or `*` (every workflow). */
export const ApiKeyWorkflows = z.union([
  z.literal('*'),
  z
    .array(
      z
        .string()
        .regex(WORKFLOW_NAME, { error: 'must be a workflow name: lower-case letters, digits and dashes' }),
    )
    .min(1, { error: `must name 1 to ${MAX_API_KEY_WORKFLOWS} workflows, or *` })
    .max(MAX_API_KEY_WORKFLOWS, { error: `must name 1 to ${MAX_API_KEY_WORKFLOWS} workflows, or *` })
    .refine((names) => new Set(names).size === names.length, { error: 'names a workflow more than once' }),
]);
export type ApiKeyWorkflows = z.infer<typeof ApiKeyWorkflows>;

/** An API key as listed: who it is for and what it may do, never the key or its digest. */
export const ApiKeyInfo = z.strictObject({
  id: ApiKeyId,
  name: z
    .string()
    .min(1)
    .max(MAX_API_KEY_NAME_CHARS)
    .regex(/^[\p{L}\p{N} ._@:/-]+$/u, { error: 'must be letters, digits, spaces and . _ @ : / -' }),
  workflows: ApiKeyWorkflows,
  /** The tenant the key acts for (it enqueues and reads jobs of that tenant only), or null: any tenant. */
  tenant: TenantId.nullable(),
  createdAt: z.iso.datetime(),
  revokedAt: z.iso.datetime().nullable(),
});
export type ApiKeyInfo = z.infer<typeof ApiKeyInfo>;

/** An API key as stored: its info and the SHA-256 digest (hex) of the key. */
const ApiKeyRecord = ApiKeyInfo.extend({ digest: z.string().regex(/^[0-9a-f]{64}$/) });
type ApiKeyRecord = z.infer<typeof ApiKeyRecord>;

/** What a new API key is for (`ApiKeyStore.create`). */
export const ApiKeyRequest = ApiKeyInfo.pick({ name: true, workflows: true }).extend({
  tenant: ApiKeyInfo.shape.tenant.optional(),
});
export type ApiKeyRequest = z.input<typeof ApiKeyRequest>;

/** The form of a key: `qk_`, its id's 16 hex digits, `_`, 43 base64url characters (256 random bits). */
const KEY_FORM = /^qk_([0-9a-f]{16})_([A-Za-z0-9_-]{43})$/;

/** Options of {@link ApiKeyStore}. */
export interface ApiKeyStoreOptions {
  readonly redis: RedisClient;
  readonly keys: QuarryKeys;
}

const digestOf = (key: string): string => createHash('sha256').update(key, 'utf8').digest('hex');

/**
 * The HTTP API's keys, in one Redis hash (`keys.apiKeys()`): id → record. A key is 256 random bits
 * with its id in front (`qk_<id>_<secret>`); only its SHA-256 digest is stored, so a copy of Redis
 * yields no usable key. A fast hash is enough here (unlike passwords): nobody can search 2^256
 * keys, and checking every request stays cheap. `verify` finds the record by the id in the key and
 * compares the digests in constant time. Revoked keys stay listed with `revokedAt`.
 */
export class ApiKeyStore {
  readonly #redis: RedisClient;
  readonly #keys: QuarryKeys;

  constructor(options: ApiKeyStoreOptions) {
    this.#redis = options.redis;
    this.#keys = options.keys;
  }

  /**
   * Creates a key; the key itself is returned here and nowhere else.
   * @throws ZodError naming the bad field of `request`.
   */
  async create(
    request: ApiKeyRequest,
    now = new Date(),
  ): Promise<{ readonly key: string; readonly info: ApiKeyInfo }> {
    const parsed = ApiKeyRequest.parse(request);
    for (;;) {
      const idHex = randomBytes(8).toString('hex');
      const key = `qk_${idHex}_${randomBytes(32).toString('base64url')}`;
      const info: ApiKeyInfo = {
        id: `ak_${idHex}`,
        name: parsed.name,
        workflows: parsed.workflows,
        tenant: parsed.tenant ?? null,
        createdAt: now.toISOString(),
        revokedAt: null,
      };
      const record: ApiKeyRecord = { ...info, digest: digestOf(key) };
      // HSETNX: an id drawn twice (2^-64) draws again rather than overwriting a key.
      if ((await this.#redis.hsetnx(this.#keys.apiKeys(), info.id, JSON.stringify(record))) === 1) {
        return { key, info };
      }
    }
  }

  /** Every key, oldest first, without secrets; records that cannot be read are left out. */
  async list(): Promise<ApiKeyInfo[]> {
    const all = await this.#redis.hgetall(this.#keys.apiKeys());
    return Object.values(all)
      .map(readRecord)
      .filter((record): record is ApiKeyRecord => record !== null)
      .map(({ digest: _digest, ...info }) => info)
      .sort((a, b) => a.createdAt.localeCompare(b.createdAt) || a.id.localeCompare(b.id));
  }

  /** Revokes key `id` (it stays listed); the key's info, or null when there is no such key. Revoking twice keeps the first time. */
  async revoke(id: string, now = new Date()): Promise<ApiKeyInfo | null> {
    if (!ApiKeyId.safeParse(id).success) return null;
    const record = readRecord(await this.#redis.hget(this.#keys.apiKeys(), id));
    if (!record) return null;
    const revoked: ApiKeyRecord = { ...record, revokedAt: record.revokedAt ?? now.toISOString() };
    await this.#redis.hset(this.#keys.apiKeys(), id, JSON.stringify(revoked));
    const { digest: _digest, ...info } = revoked;
    return info;
  }

  /**
   * What a presented key may do: its info when it is a key of this store, not revoked; else why not
   * (`malformed`: not of the form of a key; `unknown`: no such key; `revoked`).
   */
  async verify(
    key: string,
  ): Promise<
    | { readonly ok: true; readonly info: ApiKeyInfo }
    | { readonly ok: false; readonly reason: 'malformed' | 'unknown' | 'revoked' }
  > {
    const match = KEY_FORM.exec(key);
    if (!match) return { ok: false, reason: 'malformed' };
    const record = readRecord(await this.#redis.hget(this.#keys.apiKeys(), `ak_${match[1]}`));
    if (!record) return { ok: false, reason: 'unknown' };
    const presented = Buffer.from(digestOf(key), 'hex');
    if (!timingSafeEqual(presented, Buffer.from(record.digest, 'hex')))
      return { ok: false, reason: 'unknown' };
    if (record.revokedAt !== null) return { ok: false, reason: 'revoked' };
    const { digest: _digest, ...info } = record;
    return { ok: true, info };
  }
}

function readRecord(text: string | null | undefined): ApiKeyRecord | null {
  if (text == null) return null;
  try {
    const parsed = ApiKeyRecord.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
