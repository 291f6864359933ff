export * from './connect';
export * from './delete-keys';
export * from './docker-available';
export * from './get-test-redis';
export * from './spawn-redis';
export * from './spawn-redis-error';
export * from './unique-prefix';
