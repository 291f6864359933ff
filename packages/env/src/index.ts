export { ConfigError, type ConfigErrorOptions } from './config-error';
export { describeEnvProblem, type EnvProblem } from './env-problem';
export { booleanVar, integerVar, modelIdVar, positiveNumberVar, textVar, urlVar } from './env-vars';
export {
  maxModelsFileEntries,
  modelsFileVariable,
  neutralText,
  type ParseModelsFileOptions,
  parseModelsFile,
} from './models-file';
export {
  type Env,
  type EnvParseResult,
  type EnvSchema,
  envVariables,
  type ParseEnvOptions,
  parseEnv,
  type Redactor,
} from './parse-env';
export { type CappedRead, type ReadFileCappedOptions, readFileCapped } from './read-file-capped';
export { maxModelsFileBytes, type ReadModelsFileOptions, readModelsFile } from './read-models-file';
export { redactUrlCredentials } from './redact-url-credentials';
export { type ScrubSecretsOptions, scrubSecrets } from './scrub-secrets';
export { type TerminalTextOptions, terminalText } from './terminal-text';
export { type TextTableOptions, textTable } from './text-table';
