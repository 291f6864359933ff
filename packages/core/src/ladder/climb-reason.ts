import { z } from 'zod';

/**
 * Why an attempt went to the next, stronger model of a workflow's ladder (`models`):
 * - `no_progress`: the cheaper model gave the same output with the same issues twice;
 * - `repeated_issue`: its failed reply repeated an issue signature already fed back (at the top of
 *   its effort ladder, when it has one);
 * - `rung_spent`: it used its allowance of attempts (`attemptsPerModel`).
 */
export const ClimbReason = z.enum(['no_progress', 'repeated_issue', 'rung_spent']);
export type ClimbReason = z.infer<typeof ClimbReason>;
