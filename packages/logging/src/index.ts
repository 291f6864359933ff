export { scrubSecrets } from '@quarry/env';
export * from './create-logger';
export * from './log-level';
export * from './redact-paths';
