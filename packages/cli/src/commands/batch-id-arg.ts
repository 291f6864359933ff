import { isBatchId } from '@quarry/queue';
import { z } from 'zod';

/** A batch id operand ({@link isBatchId}). */
export const batchIdArg = z
  .string()
  .refine(isBatchId, { error: 'the batch id must be 1 to 128 letters, digits, _ or -' });
