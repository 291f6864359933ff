import { MutationKind } from './mutation';
import type { PersistentMistake } from './standin-options';

/** `--mistake-kinds K=W,...` as kind weights; notes each pair that is not one in `problems`. */
export function parseKinds(text: string, problems: string[]): Record<string, number> {
  const kinds: Record<string, number> = {};
  for (const pair of text.split(',')) {
    const [kind = '', weight = '1'] = pair.split('=');
    const value = Number(weight);
    if (!MutationKind.safeParse(kind.trim()).success || !Number.isFinite(value))
      problems.push(
        `--mistake-kinds: "${pair}" is not KIND=WEIGHT with KIND one of ${MutationKind.options.join(', ')}`,
      );
    else kinds[kind.trim()] = value;
  }
  return kinds;
}

/** `--persistent WORKFLOW:PATH:KIND`; notes a value that is not one in `problems`. */
export function parsePersistent(text: string, problems: string[]): PersistentMistake {
  const first = text.indexOf(':');
  const last = text.lastIndexOf(':');
  const mutation = MutationKind.safeParse(text.slice(last + 1));
  if (first <= 0 || last <= first || !mutation.success)
    problems.push(
      `--persistent: "${text}" is not WORKFLOW:PATH:KIND with KIND one of ${MutationKind.options.join(', ')}`,
    );
  return {
    workflow: text.slice(0, first),
    path: text.slice(first + 1, last),
    mutation: mutation.success ? mutation.data : 'wrongType',
  };
}
