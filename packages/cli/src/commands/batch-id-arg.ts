import { z } from 'zod';

/** A batch id operand: 1 to 128 letters, digits, `_` or `-` (as the API's `msgbatch_…` ids are). */
export const batchIdArg = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,128}$/, { error: 'the batch id must be 1 to 128 letters, digits, _ or -' });
