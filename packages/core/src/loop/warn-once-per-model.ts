import type { ExtractWarning } from './extract-options';

/** Wraps `onWarning` so that warnings naming a model reach it only once per model; others always do. */
export function warnOncePerModel(
  onWarning: (warning: ExtractWarning) => void,
): (warning: ExtractWarning) => void {
  const warnedModels = new Set<string>();
  return (warning) => {
    if (warning.model !== undefined && warnedModels.has(warning.model)) return;
    if (warning.model !== undefined) warnedModels.add(warning.model);
    onWarning(warning);
  };
}
