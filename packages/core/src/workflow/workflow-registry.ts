import { WorkflowNotFoundError } from '../errors/workflow-not-found-error';
import type { AnyWorkflow } from './define-workflow';

/** Looks workflows up by name and version; the latest version when none is given. */
export class WorkflowRegistry {
  readonly #byName = new Map<string, Map<number, AnyWorkflow>>();

  constructor(workflows: readonly AnyWorkflow[] = []) {
    for (const workflow of workflows) this.register(workflow);
  }

  register(workflow: AnyWorkflow): this {
    const versions = this.#byName.get(workflow.name) ?? new Map<number, AnyWorkflow>();
    if (versions.has(workflow.version)) {
      throw new TypeError(`Workflow ${workflow.name}@v${workflow.version} is registered twice`);
    }
    versions.set(workflow.version, workflow);
    this.#byName.set(workflow.name, versions);
    return this;
  }

  /** @throws WorkflowNotFoundError when the name or the version is unknown. */
  get(name: string, version?: number | null): AnyWorkflow {
    const versions = this.#byName.get(name);
    const known = versions ? [...versions.keys()].sort((a, b) => a - b) : [];
    const wanted = version ?? known.at(-1);
    const found = wanted === undefined ? undefined : versions?.get(wanted);
    if (!found)
      throw new WorkflowNotFoundError({ workflow: name, version: version ?? null, knownVersions: known });
    return found;
  }

  /** The latest version registered under `name`, or null. */
  latestVersion(name: string): number | null {
    const versions = this.#byName.get(name);
    return versions ? Math.max(...versions.keys()) : null;
  }

  list(): AnyWorkflow[] {
    return [...this.#byName.values()].flatMap((versions) => [...versions.values()]);
  }
}
