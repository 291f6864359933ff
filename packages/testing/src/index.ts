export {
  freePort,
  type LineMatch,
  type OutputStream,
  ProcessError,
  type ProcessExit,
  type ProcessResult,
  portOpen,
  type RunningProcess,
  type RunProcessOptions,
  runProcess,
  type SpawnedRedis,
  type SpawnProcessOptions,
  SpawnRedisError,
  type SpawnRedisOptions,
  spawnProcess,
  spawnRedis,
  uniquePrefix,
} from '@quarry/local-redis';
export * from './delete-keys';
export * from './docker-available';
export * from './get-test-redis';
export * from './test';
export * from './test-processes';
