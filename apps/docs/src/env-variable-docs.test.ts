import { integerVar, textVar } from '@quarry/env';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envVariableDocs } from './env-variable-docs';

describe('envVariableDocs', () => {
  it('reads the form, the default or the note on unset, and the description from the schema', () => {
    const schema = z
      .object({
        COUNT: integerVar(1, 9).default(4).meta({ description: 'How many.' }),
        NAME: textVar('a name').optional().meta({ description: 'Who.', whenUnset: 'the host name' }),
        MODE: z.enum(['a', 'b']).optional(),
        KEY: textVar('a key'),
      })
      .transform((env) => env);
    expect(envVariableDocs(schema)).toEqual([
      { name: 'COUNT', type: 'an integer from 1 to 9', whenUnset: '`4`', description: 'How many.' },
      { name: 'NAME', type: 'a name', whenUnset: 'the host name', description: 'Who.' },
      { name: 'MODE', type: 'one of a, b', whenUnset: 'unset', description: '' },
      { name: 'KEY', type: 'a key', whenUnset: 'required', description: '' },
    ]);
  });
});
