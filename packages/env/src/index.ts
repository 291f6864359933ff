export * from './env-problem';
export * from './env-vars';
export * from './models-file';
export * from './parse-env';
export * from './read-models-file';
export * from './redact-url-credentials';
export * from './scrub-secrets';
export * from './terminal-text';
