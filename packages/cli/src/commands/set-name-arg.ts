import { LABELLED_SET_NAME_PATTERN } from '@quarry/core';
import { z } from 'zod';

/** A set name as an operand: the problem names the form. */
export const setNameArg = z.string().regex(LABELLED_SET_NAME_PATTERN, {
  error: 'the set name must be 1-64 letters, digits, "-", "_" or "."',
});
