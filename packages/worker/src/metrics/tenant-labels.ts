import { DEFAULT_TENANT, TenantId } from '@quarry/core';

/** The label value of every tenant without one of its own. */
const OTHER_TENANT_LABEL = 'other';

/** Defaults of {@link TenantLabels}. */
const tenantLabelsDefaults = {
  /** Tenants with a label of their own (besides `default`). */
  max: 20,
  /** Half-life of the traffic counts tenants are ranked by. */
  halfLifeMs: 600_000,
  /** Tenants whose traffic is tracked at once (the least busy is forgotten past it). */
  candidates: 1000,
  /** How much busier than the least busy labelled tenant a tenant must be to take its label. */
  margin: 1.25,
} as const;

/** Options of {@link TenantLabels}; defaults in {@link tenantLabelsDefaults}. */
export interface TenantLabelsOptions {
  readonly max?: number;
  readonly halfLifeMs?: number;
  readonly candidates?: number;
  readonly margin?: number;
  readonly now?: () => number;
  /** Called when a tenant loses its label (so its series can be removed). */
  readonly onEvict?: (tenant: string) => void;
}

/** Past this exponent the scores are scaled down (they grow as 2^(age / half-life)). */
const RESCALE_EXPONENT = 64;

/**
 * Keeps the tenant label of metrics bounded: the `max` busiest tenants by recent traffic (counts
 * that halve every `halfLifeMs`, tracked for at most `candidates` tenants, the Space-Saving way)
 * keep their own label value, `default` always has its own, and every other tenant counts as
 * `other`, so at most `max + 2` values exist at once. A tenant takes the label of the least busy
 * labelled one only when `margin` times busier (no flapping); the evicted tenant's series are
 * removed by `onEvict`. A tenant literally named `other` counts as `other`.
 */
export class TenantLabels {
  readonly #max: number;
  readonly #halfLifeMs: number;
  readonly #candidates: number;
  readonly #margin: number;
  readonly #now: () => number;
  readonly #onEvict: (tenant: string) => void;
  readonly #scores = new Map<string, number>();
  readonly #labelled = new Set<string>();
  #epoch: number;

  constructor(options: TenantLabelsOptions = {}) {
    const defaults = tenantLabelsDefaults;
    this.#max = positive('max', options.max ?? defaults.max, true);
    this.#halfLifeMs = positive('halfLifeMs', options.halfLifeMs ?? defaults.halfLifeMs, false);
    this.#candidates = Math.max(
      this.#max,
      positive('candidates', options.candidates ?? defaults.candidates, true),
    );
    this.#margin = Math.max(1, positive('margin', options.margin ?? defaults.margin, false));
    this.#now = options.now ?? Date.now;
    this.#onEvict = options.onEvict ?? (() => {});
    this.#epoch = this.#now();
  }

  /** Counts one unit of `tenant`'s traffic and gives its label value. */
  label(tenant: string): string {
    if (tenant === DEFAULT_TENANT) return DEFAULT_TENANT;
    if (tenant === OTHER_TENANT_LABEL || !TenantId.safeParse(tenant).success) return OTHER_TENANT_LABEL;
    const score = this.#count(tenant);
    if (this.#labelled.has(tenant)) return tenant;
    if (this.#labelled.size < this.#max) {
      this.#labelled.add(tenant);
      return tenant;
    }
    const weakest = this.#weakest(this.#labelled);
    if (weakest === null || score <= (this.#scores.get(weakest) ?? 0) * this.#margin)
      return OTHER_TENANT_LABEL;
    this.#labelled.delete(weakest);
    this.#labelled.add(tenant);
    this.#onEvict(weakest);
    return tenant;
  }

  /** Adds one decayed unit to `tenant`'s score (taking the place of the least busy unlabelled one when full). */
  #count(tenant: string): number {
    const exponent = (this.#now() - this.#epoch) / this.#halfLifeMs;
    if (exponent > RESCALE_EXPONENT) this.#rescale(exponent);
    const unit = 2 ** Math.max(0, (this.#now() - this.#epoch) / this.#halfLifeMs);
    let base = this.#scores.get(tenant);
    if (base === undefined && this.#scores.size >= this.#candidates) {
      const unlabelled = [...this.#scores.keys()].filter((name) => !this.#labelled.has(name));
      const forgotten = this.#weakest(unlabelled);
      if (forgotten !== null) {
        base = this.#scores.get(forgotten);
        this.#scores.delete(forgotten);
      }
    }
    const score = (base ?? 0) + unit;
    this.#scores.set(tenant, score);
    return score;
  }

  #rescale(exponent: number): void {
    const factor = 2 ** -exponent;
    for (const [name, score] of this.#scores) this.#scores.set(name, score * factor);
    this.#epoch = this.#now();
  }

  #weakest(names: Iterable<string>): string | null {
    let weakest: string | null = null;
    let lowest = Number.POSITIVE_INFINITY;
    for (const name of names) {
      const score = this.#scores.get(name) ?? 0;
      if (score < lowest) {
        lowest = score;
        weakest = name;
      }
    }
    return weakest;
  }
}

function positive(name: string, value: number, whole: boolean): number {
  if (!Number.isFinite(value) || value <= 0 || (whole && !Number.isInteger(value))) {
    throw new RangeError(
      `TenantLabels: ${name} must be a positive ${whole ? 'whole ' : ''}number, got ${value}`,
    );
  }
  return value;
}
