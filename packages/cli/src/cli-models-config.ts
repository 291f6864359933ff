import { isAbsolute, resolve } from 'node:path';
import { defaultModelTable, type ModelTable } from '@quarry/core';
import { ConfigError, type Env, modelIdVar, parseEnv, readModelsFile, textVar } from '@quarry/env';
import { z } from 'zod';

/** The worker's model variables `enqueue --file` reads to check a document against the right limits. */
export const CliModelsEnv = z.object({
  QUARRY_MODEL: modelIdVar().optional().meta({
    description:
      "The workers' default model (set it as the workers have it): a document of a job and workflow naming no model is checked against its limits ([docs/models.md](docs/models.md)).",
    whenUnset: 'none (the strictest limits of the model table apply)',
  }),
  QUARRY_MODELS_FILE: textVar('the path of a JSON file of model entries (see docs/models.md)')
    .optional()
    .meta({
      description:
        "The workers' JSON file of model entries, merged over the default model table so a document is checked against the same limits; relative to the working directory ([docs/models.md](docs/models.md)).",
      whenUnset: 'unset',
    }),
});

/** The model table and default model a document is checked against at enqueue. */
export interface CliModelsConfig {
  /** The default table, with the `QUARRY_MODELS_FILE` entries merged over it. */
  readonly modelTable: ModelTable;
  /** `QUARRY_MODEL`, or undefined: the strictest limits of the table then apply. */
  readonly defaultModel: string | undefined;
}

/**
 * Reads `QUARRY_MODEL` and `QUARRY_MODELS_FILE` (relative to `cwd`) as the worker does, without
 * the worker's default model: the CLI cannot tell which one a worker runs on when unset.
 * @throws ConfigError naming a bad variable or the models file's bad entry.
 */
export function cliModelsConfig(options: { readonly env: Env; readonly cwd: string }): CliModelsConfig {
  const parsed = parseEnv({ schema: CliModelsEnv, env: options.env });
  if (!parsed.ok) throw new ConfigError({ program: 'CLI', problems: parsed.problems });
  const { QUARRY_MODEL: defaultModel, QUARRY_MODELS_FILE: file } = parsed.value;
  if (file === undefined) return { modelTable: defaultModelTable, defaultModel };
  const path = isAbsolute(file) ? file : resolve(options.cwd, file);
  const table = readModelsFile({ path, base: defaultModelTable });
  if (!table.ok) throw new ConfigError({ program: 'CLI', problems: table.problems });
  return { modelTable: table.value, defaultModel };
}
