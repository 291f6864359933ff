/**
 * Fields censored in every log object (pino `redact` paths). URLs in `redisUrl` keep everything but
 * their password; the rest become `[redacted]`.
 */
export const redactPaths: readonly string[] = [
  'apiKey',
  '*.apiKey',
  '*.*.apiKey',
  'password',
  '*.password',
  '*.*.password',
  'secret',
  '*.secret',
  'sessionSecret',
  '*.sessionSecret',
  'authorization',
  '*.authorization',
  'headers.authorization',
  'headers.cookie',
  'headers["x-api-key"]',
  '*.headers.authorization',
  '*.headers.cookie',
  '*.headers["x-api-key"]',
  'ANTHROPIC_API_KEY',
  '*.ANTHROPIC_API_KEY',
  'redisUrl',
  '*.redisUrl',
  '*.*.redisUrl',
  'REDIS_URL',
  '*.REDIS_URL',
];

/** The URL with its password replaced by `***`; anything that is not a URL is censored whole. */
export function redactUrl(value: unknown): string {
  if (typeof value !== 'string') return '[redacted]';
  try {
    const url = new URL(value);
    if (url.password) url.password = '***';
    return url.toString();
  } catch {
    return '[redacted]';
  }
}
