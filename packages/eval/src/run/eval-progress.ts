import type { EvalItemOutcome } from './eval-item-outcome';

/**
 * What `runEvaluation` tells as it goes: an item `started` (handed to `runItem`), an item `finished`
 * (its outcome's kind and, for Quarry's scoring, its F1). `done`, `running` and `total` count items
 * after the event.
 */
export type EvalProgress =
  | {
      readonly type: 'started';
      readonly id: string;
      readonly done: number;
      readonly running: number;
      readonly total: number;
    }
  | {
      readonly type: 'finished';
      readonly id: string;
      readonly outcome: EvalItemOutcome['kind'];
      readonly f1: number;
      readonly done: number;
      readonly running: number;
      readonly total: number;
    };
