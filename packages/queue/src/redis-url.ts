/** URL schemes of a Redis Cluster: the URL names one node (a seed); the client discovers the others. */
const CLUSTER_PROTOCOLS = new Set(['redis+cluster:', 'rediss+cluster:']);

/**
 * Checks that `url` is a Redis URL and tells whether it asks for TLS and for a Redis Cluster:
 * `redis://` or `rediss://` (TLS) for one server, `redis+cluster://` or `rediss+cluster://` for a
 * cluster (the host is a seed node; `?seeds=host:port,host:port` adds more seeds).
 * @throws TypeError naming the problem (with the password redacted).
 */
export function parseRedisUrl(url: string): { readonly tls: boolean; readonly cluster: boolean } {
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
  if (CLUSTER_PROTOCOLS.has(parsed.protocol)) {
    return { tls: parsed.protocol === 'rediss+cluster:', cluster: true };
  }
  if (parsed.protocol !== 'redis:' && parsed.protocol !== 'rediss:') {
    throw new TypeError(
      `Redis URL "${redactRedisUrl(url)}" must start with redis:// or rediss:// (TLS), got ${parsed.protocol}//`,
    );
  }
  return { tls: parsed.protocol === 'rediss:', cluster: false };
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
