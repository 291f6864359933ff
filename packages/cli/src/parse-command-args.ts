import { type ParseArgsConfig, parseArgs } from 'node:util';
import { UsageError } from './usage-error';

type Options = NonNullable<ParseArgsConfig['options']>;

/**
 * `node:util` parseArgs in strict mode, with its errors turned into {@link UsageError}.
 * Positionals are allowed only when `allowPositionals` says so.
 */
export function parseCommandArgs<const O extends Options>(
  args: readonly string[],
  options: O,
  allowPositionals = false,
) {
  try {
    return parseArgs({ args: [...args], options, strict: true, allowPositionals });
  } catch (error) {
    const code = (error as { code?: unknown }).code;
    if (typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS')) {
      throw new UsageError((error as Error).message, { cause: error });
    }
    throw error;
  }
}
