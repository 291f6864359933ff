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
export { deleteKeys } from './delete-keys';
export { dockerAvailable } from './docker-available';
export { getTestRedis, REDIS_IMAGE, type TestRedis } from './get-test-redis';
export { it, test } from './test';
export { TestProcesses } from './test-processes';
