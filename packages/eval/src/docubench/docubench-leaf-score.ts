import { ScoreInputError } from '../score-input-error';
import type { DocubenchPart } from './docubench-score';
import { type DocubenchValue, isEmpty, isObject, looseEqual } from './docubench-value';

const unscorable = (detail: string): never => {
  throw new ScoreInputError({ problem: 'unscorable-schema', side: 'schema', path: '', detail });
};

/**
 * The non-array part: the schema (arrays removed) walked through objects whose `type` is exactly
 * `"object"` and that have `properties`; anything else is one leaf, compared whole: skipped when empty
 * on both sides, 1 when equal, else 0. Score: equal / scored (1 when none was scored).
 */
export function scoreDocubenchLeaves(
  output: DocubenchValue,
  label: DocubenchValue,
  schema: DocubenchValue,
): DocubenchPart {
  const count = (a: DocubenchValue, b: DocubenchValue, node: DocubenchValue): [number, number] => {
    if (!isObject(node)) return unscorable('a property schema that is not an object');
    const properties = node.get('properties');
    if (!(node.get('type') === 'object' && node.has('properties'))) {
      if (isEmpty(a) && isEmpty(b)) return [0, 0];
      return looseEqual(a, b) ? [1, 1] : [0, 1];
    }
    if (!isObject(properties)) return unscorable('properties that are not an object');
    let [equal, scored] = [0, 0];
    for (const [name, child] of properties) {
      const [childEqual, childScored] = count(
        isObject(a) ? (a.get(name) ?? null) : null,
        isObject(b) ? (b.get(name) ?? null) : null,
        child,
      );
      equal += childEqual;
      scored += childScored;
    }
    return [equal, scored];
  };
  const [equal, scored] = count(output, label, schema);
  return { score: scored === 0 ? 1 : equal / scored, total: scored };
}
