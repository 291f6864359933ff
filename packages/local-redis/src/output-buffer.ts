/**
 * The text a stream wrote, its latest `maxChars` characters kept, told line by line to `onLine`
 * (the last unterminated line when the stream ends).
 */
export class OutputBuffer {
  readonly #maxChars: number;
  readonly #onLine: (line: string) => void;
  #text = '';
  #partial = '';
  #ended = false;

  constructor(options: { readonly maxChars: number; readonly onLine: (line: string) => void }) {
    this.#maxChars = options.maxChars;
    this.#onLine = options.onLine;
  }

  /** Everything kept so far. */
  get text(): string {
    return this.#text;
  }

  /** The complete lines kept so far, oldest first. */
  lines(): string[] {
    const lines = this.#text.split('\n');
    if (!this.#ended || lines.at(-1) === '') lines.pop();
    return lines.map((line) => line.replace(/\r$/, ''));
  }

  write(chunk: string): void {
    this.#text += chunk;
    if (this.#text.length > this.#maxChars) this.#text = this.#text.slice(-this.#maxChars);
    const parts = (this.#partial + chunk).split('\n');
    this.#partial = (parts.pop() ?? '').slice(-this.#maxChars);
    for (const line of parts) this.#onLine(line.replace(/\r$/, ''));
  }

  end(): void {
    this.#ended = true;
    if (this.#partial !== '') this.#onLine(this.#partial.replace(/\r$/, ''));
    this.#partial = '';
  }
}
