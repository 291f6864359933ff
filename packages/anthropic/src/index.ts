export * from './anthropic-env';
export * from './create-anthropic-model-client';
export * from './parse-retry-after';
export * from './to-message-params';
export * from './to-model-response';
export * from './to-transport-error';
export * from './with-fallbacks';
