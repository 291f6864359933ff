import { type Standin, startStandin } from '@quarry/standin';
import type { DemoConfig } from './demo-config';
import { simulatedModel } from './demo-corpus';
import type { DemoDocument } from './demo-documents';

/**
 * Starts the simulated model for the run's documents (the stand-in, closed by `onCleanup`), or
 * none with `--live`.
 */
export async function startDemoStandin(options: {
  readonly config: DemoConfig;
  readonly documents: readonly DemoDocument[];
  readonly onCleanup: (cleanup: () => Promise<unknown>) => void;
}): Promise<Standin | null> {
  const { args, env } = options.config;
  if (args.live) return null;
  const standin = await startStandin(
    simulatedModel({
      samples: options.documents.map((document) => document.sample),
      pdfs: options.documents.flatMap((document) => (document.pdf ? [document.pdf] : [])),
      seed: env.DEMO_SEED,
      lane: args.lane,
    }),
  );
  options.onCleanup(() => standin.close());
  return standin;
}
