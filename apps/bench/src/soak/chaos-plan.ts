/** A disruption and the share of jobs finished when it happens. */
export interface ChaosEvent {
  readonly kind: 'kill-worker' | 'restart-redis';
  /** Fraction of the jobs finished (0..1) that triggers it. */
  readonly at: number;
}

/**
 * Spreads the kills evenly over the first 80 % of the run and the Redis restarts over 15–85 %,
 * ordered by when they happen (e.g. 3 kills and 1 restart: kills at 20 %, 40 %, 60 %, restart at 50 %).
 */
export function chaosPlan(options: { readonly kills: number; readonly redisRestarts: number }): ChaosEvent[] {
  const events: ChaosEvent[] = [];
  for (let i = 1; i <= options.kills; i += 1) {
    events.push({ kind: 'kill-worker', at: round((0.8 * i) / (options.kills + 1)) });
  }
  for (let i = 1; i <= options.redisRestarts; i += 1) {
    events.push({ kind: 'restart-redis', at: round(0.15 + (0.7 * i) / (options.redisRestarts + 1)) });
  }
  return events.sort((a, b) => a.at - b.at);
}

const round = (value: number) => Math.round(value * 1000) / 1000;
