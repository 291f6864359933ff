import type { Sample } from './sample';

/** The exact text of a sample file: pretty-printed JSON with a trailing newline. */
export const serializeSamples = (samples: readonly Sample[]): string =>
  `${JSON.stringify(samples, null, 2)}\n`;
