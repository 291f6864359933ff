/**
 * Checks that `url` is a `redis://` or `rediss://` URL and tells whether it asks for TLS.
 * @throws TypeError naming the problem (with the password redacted).
 */
export function parseRedisUrl(url: string): { readonly tls: boolean } {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch (cause) {
    throw new TypeError(
      `Redis URL "${redactRedisUrl(url)}" is not a URL; expected redis://[:password@]host[:port][/db]`,
      {
        cause,
      },
    );
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new TypeError(
      `Redis URL "${redactRedisUrl(url)}" must start with redis:// or rediss:// (TLS), got ${parsed.protocol}//`,
    );
  }
  return { tls: parsed.protocol === 'rediss:' };
}

/** The URL with its password replaced by `***`, safe for logs and error messages. */
export function redactRedisUrl(url: string): string {
  try {
    const parsed = new URL(url);
    if (parsed.password) parsed.password = '***';
    return parsed.toString();
  } catch {
    return url.replace(/\/\/[^@/]*@/, '//***@');
  }
}
