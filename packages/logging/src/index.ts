export * from './create-logger';
export * from './log-level';
export * from './redact-paths';
export * from './scrub-secrets';
