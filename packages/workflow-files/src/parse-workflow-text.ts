import { parseDocument } from 'yaml';
import { workflowFileLimits } from './workflow-file-limits';

/** What a workflow file's text parsed to: a value, or what is wrong (with where, when known). */
export type ParsedText =
  | { readonly ok: true; readonly value: unknown }
  | { readonly ok: false; readonly problems: readonly { readonly path: string; readonly message: string }[] };

/**
 * Parses a data workflow file as JSON or YAML. YAML is read with unique keys and at most
 * `maxYamlAliases` aliases expanded (a YAML bomb is refused, not expanded); either format nested
 * deeper than `maxFileDepth` is refused.
 */
export function parseWorkflowText(options: { text: string; format: 'json' | 'yaml' }): ParsedText {
  let value: unknown;
  try {
    value = options.format === 'json' ? parseJson(options.text) : parseYaml(options.text);
  } catch (error) {
    if (error instanceof RangeError) return tooDeep();
    if (error instanceof SyntaxTextError)
      return { ok: false, problems: [{ path: '', message: error.message }] };
    throw error;
  }
  if (depthOf(value, 0) > workflowFileLimits.maxFileDepth) return tooDeep();
  return { ok: true, value };
}

class SyntaxTextError extends Error {
  override readonly name = 'SyntaxTextError';
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    if (error instanceof SyntaxError) throw new SyntaxTextError(`not valid JSON: ${error.message}`);
    throw error;
  }
}

function parseYaml(text: string): unknown {
  const maxAliasCount = workflowFileLimits.maxYamlAliases;
  const document = parseDocument(text, { uniqueKeys: true, prettyErrors: true });
  const first = document.errors[0];
  if (first) throw new SyntaxTextError(`not valid YAML: ${first.message.split('\n')[0]}`);
  try {
    return document.toJS({ maxAliasCount });
  } catch (error) {
    // The yaml package throws a ReferenceError when aliases expand past maxAliasCount.
    if (error instanceof ReferenceError) {
      throw new SyntaxTextError(
        `YAML aliases expand too far (more than ${maxAliasCount} alias expansions, as in a "billion laughs" file); write the values out`,
      );
    }
    throw error;
  }
}

function tooDeep(): ParsedText {
  const message = `nested deeper than ${workflowFileLimits.maxFileDepth} levels`;
  return { ok: false, problems: [{ path: '', message }] };
}

/** Nesting depth, stopping as soon as it passes the limit. */
function depthOf(value: unknown, depth: number): number {
  if (depth > workflowFileLimits.maxFileDepth || value === null || typeof value !== 'object') return depth;
  let deepest = depth;
  for (const child of Object.values(value)) deepest = Math.max(deepest, depthOf(child, depth + 1));
  return deepest;
}
