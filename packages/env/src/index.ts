export * from './env-problem';
export * from './env-vars';
export * from './parse-env';
export * from './redact-url-credentials';
export * from './scrub-secrets';
