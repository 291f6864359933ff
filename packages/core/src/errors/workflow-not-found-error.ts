/** No workflow is registered under this name (and version, when one was asked for). */
export class WorkflowNotFoundError extends Error {
  override readonly name = 'WorkflowNotFoundError';
  readonly workflow: string;
  readonly version: number | null;
  /** Versions registered under this name; empty when the name is unknown. */
  readonly knownVersions: readonly number[];

  constructor(options: { workflow: string; version: number | null; knownVersions: readonly number[] }) {
    const what = options.version === null ? options.workflow : `${options.workflow}@v${options.version}`;
    const known = options.knownVersions.length
      ? `known versions: ${options.knownVersions.join(', ')}`
      : 'no workflow of that name is registered';
    super(`Unknown workflow ${what} (${known})`);
    this.workflow = options.workflow;
    this.version = options.version;
    this.knownVersions = options.knownVersions;
  }
}
