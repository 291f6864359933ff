import type { z } from 'zod';
import type { LatencyOptions } from './standin-options';

/** Milliseconds to wait before answering, from two draws in [0, 1) (see {@link LatencyOptions}). */
export function latencyMs(
  options: z.output<typeof LatencyOptions>,
  draw: number,
  secondDraw: number,
): number {
  const { meanMs, jitterMs, distribution } = options;
  if (distribution === 'uniform') return Math.max(0, meanMs + (2 * draw - 1) * jitterMs);
  const gaussian = Math.sqrt(-2 * Math.log(1 - draw)) * Math.cos(2 * Math.PI * secondDraw);
  return Math.max(0, meanMs + gaussian * jitterMs);
}
