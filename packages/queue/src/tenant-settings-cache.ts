import type { TenantSettings } from '@quarry/core';
import type { TenantStore } from './tenant-store';

/** Defaults of {@link TenantSettingsCache}. */
export const tenantSettingsCacheDefaults = {
  /** How old the settings a worker acts on may be. */
  refreshMs: 5000,
} as const;

/**
 * Every tenant's settings as a worker sees them: read in one command at most once per `refreshMs`,
 * so a job of a tenant without limits costs no Redis command, and a changed setting reaches every
 * worker within `refreshMs`. A failed read keeps the settings read before (and is retried next time).
 */
export class TenantSettingsCache {
  readonly #store: Pick<TenantStore, 'all'>;
  readonly #refreshMs: number;
  readonly #now: () => number;
  #settings = new Map<string, TenantSettings>();
  #readAt = Number.NEGATIVE_INFINITY;
  #reading: Promise<void> | null = null;

  constructor(options: {
    readonly store: Pick<TenantStore, 'all'>;
    readonly refreshMs?: number;
    readonly now?: () => number;
  }) {
    this.#store = options.store;
    this.#refreshMs = Math.max(1, options.refreshMs ?? tenantSettingsCacheDefaults.refreshMs);
    this.#now = options.now ?? Date.now;
  }

  /** The tenant's settings, or undefined when it has none. */
  async get(tenant: string): Promise<TenantSettings | undefined> {
    if (this.#now() - this.#readAt >= this.#refreshMs) await this.#refresh();
    return this.#settings.get(tenant);
  }

  #refresh(): Promise<void> {
    this.#reading ??= this.#store
      .all()
      .then(({ settings }) => {
        this.#settings = settings;
        this.#readAt = this.#now();
      })
      .catch(() => {
        // Keep what was read before; the next call tries again.
        this.#readAt = this.#now() - this.#refreshMs / 2;
      })
      .finally(() => {
        this.#reading = null;
      });
    return this.#reading;
  }
}
