/** Samples of a Prometheus text exposition, keyed `name{label="value",…}` with labels sorted by name. */
export type MetricSamples = ReadonlyMap<string, number>;

const LINE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)$/;
const LABEL = /([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"/g;

/** Parses the samples of a `/metrics` answer (comments skipped). */
export function parseMetrics(text: string): MetricSamples {
  const samples = new Map<string, number>();
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith('#')) continue;
    const match = LINE.exec(line);
    if (!match) throw new Error(`Not a sample line: ${line}`);
    const [, name, labelText = '', value = ''] = match;
    const labels = [...labelText.matchAll(LABEL)].map(([, key, val]) => `${key}="${val}"`).sort();
    samples.set(labels.length > 0 ? `${name}{${labels.join(',')}}` : (name as string), Number(value));
  }
  return samples;
}

/** The value of one sample; `labels` in any order. Undefined when absent. */
export function sample(
  samples: MetricSamples,
  name: string,
  labels: Record<string, string> = {},
): number | undefined {
  const keys = Object.entries(labels)
    .map(([key, value]) => `${key}="${value}"`)
    .sort();
  return samples.get(keys.length > 0 ? `${name}{${keys.join(',')}}` : name);
}

/** The sum of every sample of `name` whose labels include `labels`. */
export function total(samples: MetricSamples, name: string, labels: Record<string, string> = {}): number {
  const wanted = Object.entries(labels).map(([key, value]) => `${key}="${value}"`);
  let sum = 0;
  for (const [key, value] of samples) {
    const brace = key.indexOf('{');
    const sampleName = brace === -1 ? key : key.slice(0, brace);
    if (sampleName !== name) continue;
    const labelText = brace === -1 ? '' : key.slice(brace + 1, -1);
    if (wanted.every((label) => labelText.split(',').includes(label))) sum += value;
  }
  return sum;
}
