import { workflowFileLimits } from './workflow-file-limits';

/** A problem of a JSON Schema in a workflow file, at a dotted path from the file's root. */
export interface SchemaProblem {
  readonly path: string;
  readonly message: string;
}

type Json = Record<string, unknown>;

const LOCAL_REF = /^#\/\$defs\/([^/~]+)$/;
const UNSUPPORTED_KEYWORDS = [
  '$id',
  '$anchor',
  '$dynamicRef',
  '$dynamicAnchor',
  '$recursiveRef',
  'definitions',
];

/**
 * Checks a JSON Schema before it is converted: at most `maxSchemaNodes` nodes and `maxSchemaDepth`
 * levels, `$ref` only to a local `#/$defs/<name>` that exists (never a remote or file URL), and no
 * `$ref` cycle (a recursive type has no finite structured-output schema).
 * @param options.at - the schema's path in its file, e.g. `output`
 */
export function checkJsonSchema(options: { schema: Json; at: string }): SchemaProblem[] {
  const problems: SchemaProblem[] = [];
  const refs = new Map<string, Set<string>>();
  const defs = isObject(options.schema.$defs) ? options.schema.$defs : {};
  const state = { nodes: 0, problems, defs, refs, tooBig: false };
  walk(options.schema, { path: options.at, depth: 0, owner: '#' }, state);
  if (state.tooBig) return problems;
  const cycle = findCycle(refs);
  if (cycle) {
    problems.push({
      path: `${options.at}.$defs.${cycle[0]}`,
      message: `$ref cycle ${cycle.map((name) => `#/$defs/${name}`).join(' -> ')}: recursive types cannot be sent as a structured-output schema; bound the nesting instead`,
    });
  }
  return problems;
}

interface WalkState {
  nodes: number;
  tooBig: boolean;
  readonly problems: SchemaProblem[];
  readonly defs: Json;
  readonly refs: Map<string, Set<string>>;
}

interface Place {
  readonly path: string;
  readonly depth: number;
  /** `#` for the root schema, else the `$defs` entry this node belongs to. */
  readonly owner: string;
}

function walk(node: unknown, place: Place, state: WalkState): void {
  if (state.tooBig || node === null || typeof node !== 'object') return;
  if (++state.nodes > workflowFileLimits.maxSchemaNodes) {
    state.tooBig = true;
    state.problems.push({
      path: place.path,
      message: `more than ${workflowFileLimits.maxSchemaNodes} schema nodes`,
    });
    return;
  }
  if (place.depth > workflowFileLimits.maxSchemaDepth) {
    state.tooBig = true;
    state.problems.push({
      path: place.path,
      message: `nested deeper than ${workflowFileLimits.maxSchemaDepth} levels`,
    });
    return;
  }
  if (!Array.isArray(node)) checkKeywords(node as Json, place, state);
  for (const [key, child] of Object.entries(node)) {
    const owner = place.depth === 0 && key === '$defs' ? null : place.owner;
    if (owner === null && isObject(child)) {
      for (const [name, def] of Object.entries(child)) {
        walk(def, { path: `${place.path}.$defs.${name}`, depth: place.depth + 2, owner: name }, state);
      }
      continue;
    }
    const path = Array.isArray(node) ? `${place.path}[${key}]` : `${place.path}.${key}`;
    walk(child, { path, depth: place.depth + 1, owner: place.owner }, state);
  }
}

function checkKeywords(node: Json, place: Place, state: WalkState): void {
  for (const keyword of UNSUPPORTED_KEYWORDS) {
    if (keyword in node) {
      state.problems.push({
        path: `${place.path}.${keyword}`,
        message: `${keyword} is not supported; put shared schemas under the root's $defs and point at them with "$ref": "#/$defs/<name>"`,
      });
    }
  }
  if (!('$ref' in node)) return;
  const ref = node.$ref;
  const name = typeof ref === 'string' ? LOCAL_REF.exec(ref)?.[1] : undefined;
  if (name === undefined) {
    state.problems.push({
      path: `${place.path}.$ref`,
      message: `$ref must be a local "#/$defs/<name>"; remote, file and other references are never fetched, got ${JSON.stringify(ref).slice(0, 80)}`,
    });
  } else if (!(name in state.defs)) {
    state.problems.push({
      path: `${place.path}.$ref`,
      message: `$ref names #/$defs/${name}, which the schema does not define`,
    });
  } else {
    const targets = state.refs.get(place.owner) ?? new Set<string>();
    targets.add(name);
    state.refs.set(place.owner, targets);
  }
}

/** A cycle among `$defs` reached from the root, as the names along it, or null. */
function findCycle(refs: Map<string, Set<string>>): string[] | null {
  const done = new Set<string>();
  const visit = (name: string, trail: string[]): string[] | null => {
    const at = trail.indexOf(name);
    if (at >= 0) return [...trail.slice(at), name];
    if (done.has(name)) return null;
    for (const next of refs.get(name) ?? []) {
      const cycle = visit(next, [...trail, name]);
      if (cycle) return cycle;
    }
    done.add(name);
    return null;
  };
  for (const owner of refs.keys()) {
    const cycle = visit(owner, []);
    if (cycle) return cycle;
  }
  return null;
}

function isObject(value: unknown): value is Json {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}
