import { terminalText } from '@quarry/env';
import type { CliContext } from './cli-context';

/**
 * The context a command runs with: everything it writes to standard output and standard error, and
 * every question it asks on the terminal, goes through {@link terminalText} (line feeds and tabs kept),
 * so no control character from a record, an id or an error message reaches the terminal. The
 * terminal's progress stream is left as it is: the progress bar escapes its own labels.
 */
export function neutralisedContext(context: CliContext): CliContext {
  const { terminal } = context;
  return {
    ...context,
    stdout: (text) => context.stdout(terminalText(text, { multiline: true })),
    stderr: (text) => context.stderr(terminalText(text, { multiline: true })),
    ...(terminal
      ? { terminal: { stream: terminal.stream, ask: (question) => terminal.ask(terminalText(question)) } }
      : {}),
  };
}
