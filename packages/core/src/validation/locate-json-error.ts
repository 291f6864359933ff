/** Where a text stops being valid JSON, and what was expected there. */
export interface JsonErrorLocation {
  /** 0-based character offset. */
  readonly position: number;
  /** 1-based line and column of `position`. */
  readonly line: number;
  readonly column: number;
  readonly problem: string;
}

const maxDepth = 512;
const numberPattern = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;

/**
 * Finds the first syntax error of a JSON text without throwing, with a message that does not depend on
 * the JavaScript engine. Returns null when the text is valid JSON.
 */
export function locateJsonError(text: string): JsonErrorLocation | null {
  let i = 0;
  let error: { position: number; problem: string } | null = null;

  const fail = (problem: string): false => {
    error = { position: i, problem };
    return false;
  };
  const skipSpace = (): void => {
    while (i < text.length && ' \t\n\r'.includes(text[i] as string)) i++;
  };
  const describeHere = (): string => {
    const c = text[i];
    if (c === undefined) return 'the end of the text';
    if (c === '"') return 'a double quote';
    if (c === "'") return 'a single quote';
    return c < ' ' ? JSON.stringify(c) : `'${c}'`;
  };

  const value = (depth: number): boolean => {
    skipSpace();
    if (depth > maxDepth) return fail(`nesting deeper than ${maxDepth} levels`);
    const c = text[i];
    if (c === '{') return object(depth + 1);
    if (c === '[') return array(depth + 1);
    if (c === '"') return string();
    if (c === '-' || (c !== undefined && c >= '0' && c <= '9')) return number();
    for (const literal of ['true', 'false', 'null']) {
      if (text.startsWith(literal, i)) {
        i += literal.length;
        return true;
      }
    }
    return fail(`expected a value but found ${describeHere()}`);
  };

  const object = (depth: number): boolean => {
    i++;
    skipSpace();
    if (text[i] === '}') {
      i++;
      return true;
    }
    for (;;) {
      skipSpace();
      if (text[i] !== '"')
        return fail(`expected a property name in double quotes but found ${describeHere()}`);
      if (!string()) return false;
      skipSpace();
      if (text[i] !== ':') return fail(`expected ':' but found ${describeHere()}`);
      i++;
      if (!value(depth)) return false;
      skipSpace();
      if (text[i] === '}') {
        i++;
        return true;
      }
      if (text[i] !== ',') return fail(`expected ',' or '}' but found ${describeHere()}`);
      i++;
    }
  };

  const array = (depth: number): boolean => {
    i++;
    skipSpace();
    if (text[i] === ']') {
      i++;
      return true;
    }
    for (;;) {
      if (!value(depth)) return false;
      skipSpace();
      if (text[i] === ']') {
        i++;
        return true;
      }
      if (text[i] !== ',') return fail(`expected ',' or ']' but found ${describeHere()}`);
      i++;
    }
  };

  const string = (): boolean => {
    i++;
    for (;;) {
      const c = text[i];
      if (c === undefined) return fail('unterminated string');
      if (c === '"') {
        i++;
        return true;
      }
      if (c === '\\') {
        const next = text[i + 1];
        if (next === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 2, i + 6))) return fail('invalid \\u escape in string');
          i += 6;
        } else if (next !== undefined && '"\\/bfnrt'.includes(next)) {
          i += 2;
        } else {
          return fail('invalid escape in string');
        }
      } else if (c < ' ') {
        return fail('unescaped control character in string');
      } else {
        i++;
      }
    }
  };

  const number = (): boolean => {
    numberPattern.lastIndex = i;
    const match = numberPattern.exec(text);
    if (!match) return fail('invalid number');
    i += match[0].length;
    return true;
  };

  if (value(0)) {
    skipSpace();
    if (i < text.length) fail(`unexpected text after the JSON value: ${describeHere()}`);
  }
  if (error === null) return null;
  const { position, problem } = error;
  const before = text.slice(0, position).split('\n');
  return { position, line: before.length, column: (before.at(-1)?.length ?? 0) + 1, problem };
}
