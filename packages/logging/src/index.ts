export { scrubSecrets } from '@quarry/env';
export { type CreateLoggerOptions, createLogger } from './create-logger';
export { LogFormat, LogLevel, logEnv, logFormats, logLevels } from './log-level';
export { redactPaths, redactUrl } from './redact-paths';
