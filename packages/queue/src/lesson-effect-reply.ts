import type { LessonCandidate, LessonEffect, LessonEffectCounts, LessonRetirement } from '@quarry/core';

/** The clock and half-life stored counts are decayed with. */
interface Decay {
  readonly now: number;
  readonly halfLifeMs: number;
}

/** Raw counts of one signature, relative to the effect hash's `ref` (see `HistoryKeys.effect`). */
interface RawEffect {
  readonly sj: number;
  readonly se: number;
  readonly ae: number;
  readonly b: number;
}

const numberOf = (value: unknown): number => {
  const number = Number(value ?? 0);
  return Number.isFinite(number) ? number : 0;
};

/** 2^((ref − now) / half-life), the factor from stored counts to counts now; 0 without a ref. */
function decayFactor(ref: unknown, decay: Decay): number {
  const at = Number(ref ?? Number.NaN);
  if (ref === null || ref === undefined || !Number.isFinite(at)) return 0;
  return 2 ** ((at - decay.now) / decay.halfLifeMs);
}

/** Shown and not-shown counts now: not shown = jobs since `b` minus those shown, their errors = all errors minus shown ones. */
function countsOf(raw: RawEffect, total: number, factor: number): LessonEffectCounts {
  const now = (value: number) => Math.max(0, value * factor);
  return {
    shownJobs: now(raw.sj),
    shownErrors: now(raw.se),
    notShownJobs: now(total - raw.b - raw.sj),
    notShownErrors: now(raw.ae - raw.se),
  };
}

/** A retirement mark `<at ms>:<shown rate>:<not-shown rate>`; a damaged one reads as retired at 0 on rates of 0. */
function retirementOf(mark: string): LessonRetirement {
  const [at, shown, notShown] = mark.split(':').map(numberOf);
  const rate = (value: number | undefined) => Math.min(1, Math.max(0, value ?? 0));
  return { at: at ?? 0, shownRate: rate(shown), notShownRate: rate(notShown) };
}

/** The candidates `read-history-3` replied, scores and counts decayed to now. */
export function lessonCandidatesOf(reply: readonly (string | null)[], decay: Decay): LessonCandidate[] {
  const scoreFactor = decayFactor(reply[0] ?? decay.now, decay);
  const countFactor = decayFactor(reply[1], decay);
  const total = numberOf(reply[2]);
  const candidates: LessonCandidate[] = [];
  for (let i = 3; i + 10 < reply.length; i += 11) {
    const at = (offset: number) => reply[i + offset];
    const mark = String(at(10) ?? '');
    candidates.push({
      lesson: {
        signature: String(at(0)),
        score: Math.max(0, numberOf(at(1)) * scoreFactor),
        count: numberOf(at(2)),
        firstSeen: numberOf(at(3)),
        lastSeen: numberOf(at(4)),
        example: String(at(5) ?? ''),
      },
      counts: countsOf(
        { sj: numberOf(at(6)), se: numberOf(at(7)), ae: numberOf(at(8)), b: numberOf(at(9)) },
        total,
        countFactor,
      ),
      retired: mark === '' ? null : retirementOf(mark),
    });
  }
  return candidates;
}

const FIELD = /^(sj|se|ae|b|r):(.+)$/s;

/**
 * The lesson effects of an effect hash (HGETALL): every signature that is or was a lesson in its
 * current period (shown to a job, retired, or restored), by signature.
 */
export function lessonEffectsOf(hash: Readonly<Record<string, string>>, decay: Decay): LessonEffect[] {
  const factor = decayFactor(hash.ref, decay);
  const total = numberOf(hash.t);
  const raw = new Map<string, { sj: number; se: number; ae: number; b: number; mark: string | null }>();
  for (const [field, value] of Object.entries(hash)) {
    const match = FIELD.exec(field);
    if (!match?.[1] || match[2] === undefined) continue;
    const signature = match[2];
    const entry = raw.get(signature) ?? { sj: 0, se: 0, ae: 0, b: 0, mark: null };
    if (match[1] === 'r') entry.mark = value;
    else entry[match[1] as keyof RawEffect] = numberOf(value);
    raw.set(signature, entry);
  }
  return [...raw]
    .filter(
      ([signature, entry]) => entry.mark !== null || `sj:${signature}` in hash || `b:${signature}` in hash,
    )
    .map(([signature, entry]) => ({
      signature,
      state: entry.mark === null ? ('active' as const) : ('retired' as const),
      counts: countsOf(entry, total, factor),
      retired: entry.mark === null ? null : retirementOf(entry.mark),
    }))
    .sort((a, b) => (a.signature < b.signature ? -1 : a.signature > b.signature ? 1 : 0));
}
