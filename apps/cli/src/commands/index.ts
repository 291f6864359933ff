import type { CliCommand } from '../cli-command';
import { enqueueCommand } from './enqueue-command';

/** Every `quarry` command, in the order `quarry --help` lists them. */
export const commands: readonly CliCommand[] = [enqueueCommand];
