export { type FindRedisOptions, findRedis, type LocalRedis } from './find-redis';
export { freePort } from './free-port';
export { LocalRedisUnavailableError } from './local-redis-unavailable-error';
export { portOpen } from './port-open';
export { ProcessError, type ProcessExit } from './process-error';
export { redisAnswers } from './redis-answers';
export { type RunProcessOptions, runProcess } from './run-process';
export {
  type LineMatch,
  type OutputStream,
  type ProcessResult,
  type RunningProcess,
  type SpawnProcessOptions,
  spawnProcess,
} from './spawn-process';
export { type SpawnedRedis, type SpawnRedisOptions, spawnRedis } from './spawn-redis';
export { SpawnRedisError } from './spawn-redis-error';
export { uniquePrefix } from './unique-prefix';
