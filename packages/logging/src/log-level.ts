import { z } from 'zod';

/** The levels `LOG_LEVEL` accepts, most severe first. */
export const logLevels = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

/** A pino level name. */
export const LogLevel = z.enum(logLevels, { error: `one of ${logLevels.join(', ')}` });
export type LogLevel = z.infer<typeof LogLevel>;

/** How log lines look: JSON lines, human-readable, or pretty on a terminal and JSON otherwise. */
export const logFormats = ['auto', 'json', 'pretty'] as const;

/** The `LOG_FORMAT` setting. */
export const LogFormat = z.enum(logFormats, { error: `one of ${logFormats.join(', ')}` });
export type LogFormat = z.infer<typeof LogFormat>;

/**
 * Zod schemas of the two logging variables every app reads, for its environment schema:
 * `LOG_LEVEL` (default `info`) and `LOG_FORMAT` (default `auto`), both case-insensitive.
 */
export const logEnv = {
  LOG_LEVEL: z.string().trim().toLowerCase().pipe(LogLevel).default('info').meta({
    description:
      '`fatal`, `error`, `warn`, `info`, `debug`, `trace` or `silent`. The demo writes its log to a file.',
  }),
  LOG_FORMAT: z
    .string()
    .trim()
    .toLowerCase()
    .pipe(LogFormat)
    .default('auto')
    .meta({ description: '`auto` (pretty on a terminal, JSON lines otherwise), `json` or `pretty`.' }),
};
