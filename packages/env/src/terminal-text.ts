/** Options of {@link terminalText}. */
export interface TerminalTextOptions {
  /** Keep line feeds and tabs (a body of several lines). Default false: one line, every control escaped. */
  readonly multiline?: boolean;
}

/**
 * C0 controls, DEL, C1 controls (8-bit CSI, OSC… that some terminals obey) and the bidirectional
 * embedding, override and isolate marks (which reorder what is shown).
 */
const CONTROLS = /[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;
/** The same, less line feed and tab. */
const LINE_CONTROLS = /(?![\n\t])[\p{Cc}\u202a-\u202e\u2066-\u2069]/gu;

const escaped = (char: string) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * Makes text from outside (DLQ records, job ids, workflow names, error messages) safe to print on a
 * terminal: every control character is replaced by its visible `\u001b`-style escape (ESC → `\u001b`), so
 * no escape sequence, bell, carriage return or backspace can reach the terminal. With `multiline`,
 * line feeds and tabs stay. The `\u001b`-style form keeps JSON valid and meaning the same.
 */
export function terminalText(text: string, options: TerminalTextOptions = {}): string {
  return text.replace(options.multiline ? LINE_CONTROLS : CONTROLS, escaped);
}
