import type { Lane } from './lane';

/** The Message Batches API bills input and output at 50 % of the standard prices; cache multipliers apply on top. */
export const batchPriceFactor = 0.5;

/** The share of the standard price a lane pays: 1 in the realtime lane, {@link batchPriceFactor} in the batch lane. */
export function lanePriceFactor(lane: Lane): number {
  switch (lane) {
    case 'realtime':
      return 1;
    case 'batch':
      return batchPriceFactor;
  }
}
