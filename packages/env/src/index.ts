export * from './env-problem';
export * from './env-vars';
export * from './parse-env';
