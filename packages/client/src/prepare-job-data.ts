import {
  type AnyWorkflow,
  documentOfInput,
  formatPath,
  inlineDocumentProblem,
  JobDocument,
  WorkflowNotFoundError,
  type WorkflowRegistry,
} from '@quarry/core';
import { JobData, modelOverridesProblems, utf8Bytes } from '@quarry/queue';
import type { EnqueueOptions } from './enqueue-options';
import type { EnqueueProblem } from './errors/enqueue-validation-error';

/** Options of {@link prepareJobData}. */
export interface PrepareJobDataOptions {
  readonly registry: WorkflowRegistry;
  readonly workflow: string;
  readonly input: unknown;
  readonly options: EnqueueOptions;
  /** Largest serialized job data, in bytes. */
  readonly maxJobDataBytes: number;
  /** Largest inline (base64) document, decoded (`QUARRY_INLINE_DOCUMENT_MAX_BYTES`). */
  readonly inlineDocumentMaxBytes: number;
  /** Models `overrides.model` may name besides the workflow's own (`QUARRY_ALLOWED_MODELS`). */
  readonly allowedModels: readonly string[];
}

/** The job data to enqueue, or every problem that stops it. */
export type PreparedJobData =
  | { readonly ok: true; readonly data: JobData & { version: number } }
  | { readonly ok: false; readonly problems: EnqueueProblem[] };

/**
 * Checks a job against the job contract, the registry (workflow and version exist), the workflow's
 * input schema and the allowed models (a model override must be one of the workflow's models or of
 * `allowedModels`), all without I/O, collecting every problem. The input is checked as the
 * worker will see it (after a JSON round trip), and the resolved version is pinned into the job.
 */
export function prepareJobData(options: PrepareJobDataOptions): PreparedJobData {
  const problems: EnqueueProblem[] = [];
  const {
    version,
    idempotencyKey,
    tenant,
    historyScope,
    effort,
    locale,
    metadata,
    lineage,
    overrides,
    budget,
    lane,
    deadline,
    evaluation,
    trace,
  } = options.options;
  // A misspelt option (say `idempotencykey`) would otherwise be dropped without a word.
  for (const key of Object.keys(options.options)) {
    if (!(enqueueOptionNames as readonly string[]).includes(key)) {
      problems.push({
        path: key,
        message: `is not an enqueue option (known: ${enqueueOptionNames.join(', ')})`,
      });
    }
  }

  let input: unknown;
  try {
    const json = JSON.stringify(options.input);
    if (json === undefined) problems.push({ path: 'input', message: 'is required' });
    else input = JSON.parse(json);
  } catch (error) {
    problems.push({ path: 'input', message: `must be JSON-serializable (${(error as Error).message})` });
  }

  let workflow: AnyWorkflow | null = null;
  // A version of the wrong type is reported by the contract check below, not as a missing version.
  const versionUsable = version === undefined || (Number.isInteger(version) && version >= 1);
  try {
    if (versionUsable) workflow = options.registry.get(options.workflow, version);
  } catch (error) {
    if (!(error instanceof WorkflowNotFoundError)) throw error;
    problems.push(
      error.knownVersions.length === 0
        ? {
            path: 'workflow',
            message: `unknown workflow "${options.workflow}"${knownNames(options.registry)}`,
          }
        : {
            path: 'version',
            message: `workflow "${options.workflow}" has no version ${version} (known versions: ${error.knownVersions.join(', ')})`,
          },
    );
  }

  const data = withoutUndefined({
    workflow: options.workflow,
    version: workflow?.version ?? version,
    input,
    tenant,
    historyScope,
    idempotencyKey,
    effort,
    locale,
    metadata,
    lineage,
    overrides,
    budget,
    lane,
    deadline,
    evaluation,
    trace,
  });
  const contract = JobData.safeParse(data);
  if (!contract.success) {
    for (const issue of contract.error.issues) {
      const path = formatPath(issue.path);
      if ((path === 'workflow' || path === 'input') && problems.some((problem) => problem.path === path))
        continue;
      problems.push({ path, message: issue.message });
    }
  }
  const document = JobDocument.safeParse(documentOfInput(input));
  if (document.success) {
    const problem = inlineDocumentProblem({
      document: document.data,
      maxBytes: options.inlineDocumentMaxBytes,
    });
    if (problem) problems.push({ path: 'input.document.source.data', message: problem });
  }
  if (workflow && contract.success) {
    const refused = modelOverridesProblems({
      registry: options.registry,
      workflow: workflow.name,
      overrides: contract.data.overrides,
      allowedModels: options.allowedModels,
    });
    problems.push(...refused);
  }
  if (workflow && input !== undefined) {
    const parsed = workflow.input.safeParse(input);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        problems.push({ path: formatPath(['input', ...issue.path]), message: issue.message });
      }
    }
  }
  const bytes = utf8Bytes(JSON.stringify(data));
  if (bytes > options.maxJobDataBytes) {
    problems.push({
      path: '',
      message: `is ${bytes} bytes as JSON; the limit is ${options.maxJobDataBytes}`,
    });
  }
  if (problems.length > 0 || !contract.success || !workflow) return { ok: false, problems };
  return { ok: true, data: { ...contract.data, version: workflow.version } };
}

/** Every option `enqueue` takes. */
const enqueueOptionNames = [
  'version',
  'idempotencyKey',
  'tenant',
  'historyScope',
  'effort',
  'locale',
  'metadata',
  'lineage',
  'overrides',
  'budget',
  'lane',
  'deadline',
  'evaluation',
  'trace',
] as const satisfies readonly (keyof EnqueueOptions)[];

function knownNames(registry: WorkflowRegistry): string {
  const names = [...new Set(registry.list().map((workflow) => workflow.name))].sort();
  return names.length ? ` (registered: ${names.join(', ')})` : ' (no workflows are registered)';
}

function withoutUndefined<T extends Record<string, unknown>>(value: T): T {
  return Object.fromEntries(Object.entries(value).filter(([, v]) => v !== undefined)) as T;
}
