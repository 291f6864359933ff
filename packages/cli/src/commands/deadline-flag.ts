import { z } from 'zod';

/** The longest `--deadline` a duration may name (and how far ahead an ISO time may lie): 365 days. */
const MAX_DEADLINE_MS = 365 * 24 * 60 * 60 * 1000;

const unitMs = { s: 1000, m: 60_000, h: 3_600_000, d: 86_400_000 } as const;

/** A deadline as written: an instant, or a duration counted from the moment the job is enqueued. */
export type DeadlineRequest =
  | { readonly kind: 'at'; readonly atMs: number }
  | { readonly kind: 'in'; readonly ms: number };

const isoDateTime = z.iso.datetime({ offset: true });

/**
 * `--deadline`: an ISO 8601 date and time with an offset (`2026-01-31T18:00:00Z`) or a duration in
 * whole seconds, minutes, hours or days (`90m`, `6h`, `2d`). A time in the past, or either further
 * ahead than {@link MAX_DEADLINE_MS}, is refused.
 */
export const deadlineFlag = z.string().transform((text, context): DeadlineRequest => {
  const trimmed = text.trim();
  const duration = /^(\d{1,9})([smhd])$/.exec(trimmed);
  if (duration) {
    const ms = Number(duration[1]) * unitMs[duration[2] as keyof typeof unitMs];
    if (ms <= 0 || ms > MAX_DEADLINE_MS) {
      context.addIssue({ code: 'custom', message: 'must be a duration above zero and at most 365d' });
      return z.NEVER;
    }
    return { kind: 'in', ms };
  }
  if (!isoDateTime.safeParse(trimmed).success) {
    context.addIssue({
      code: 'custom',
      message: 'must be an ISO 8601 date and time (2026-01-31T18:00:00Z) or a duration (90m, 6h, 2d)',
    });
    return z.NEVER;
  }
  const atMs = Date.parse(trimmed);
  const now = Date.now();
  if (atMs <= now) {
    context.addIssue({ code: 'custom', message: 'is in the past' });
    return z.NEVER;
  }
  if (atMs - now > MAX_DEADLINE_MS) {
    context.addIssue({ code: 'custom', message: 'is more than 365 days ahead' });
    return z.NEVER;
  }
  return { kind: 'at', atMs };
});

/** The ISO deadline a {@link DeadlineRequest} names, a duration counted from `nowMs`. */
export function deadlineAt(options: { readonly deadline: DeadlineRequest; readonly nowMs: number }): string {
  const { deadline, nowMs } = options;
  switch (deadline.kind) {
    case 'at':
      return new Date(deadline.atMs).toISOString();
    case 'in':
      return new Date(nowMs + deadline.ms).toISOString();
  }
}
