/** Anthropic API keys (`sk-ant-…`) anywhere in a line. */
const API_KEY = /sk-ant-[A-Za-z0-9_-]{4,}/g;
/** The password part of a URL's credentials (`scheme://user:password@`). */
const URL_PASSWORD = /([a-z][a-z0-9+.-]*:\/\/[^:@/\s"]*:)[^@/\s"]+@/gi;
/** The value of an `Authorization`-style header written as text. */
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g;

/**
 * The last line of defence of the log: removes API keys, URL passwords and bearer/basic credentials
 * from a serialized line, whatever field (or message) they ended up in.
 */
export function scrubSecrets(line: string): string {
  return line
    .replace(API_KEY, 'sk-ant-[redacted]')
    .replace(URL_PASSWORD, '$1***@')
    .replace(BEARER, '$1 [redacted]');
}
