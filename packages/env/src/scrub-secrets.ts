import { redactUrlCredentials } from './redact-url-credentials';

/** Anthropic API keys (`sk-ant-…`) anywhere in a text. */
const API_KEY = /sk-ant-[A-Za-z0-9_-]{4,}/g;
/** The value of an `Authorization`-style header written as text. */
const BEARER = /\b(Bearer|Basic)\s+[A-Za-z0-9._~+/=-]{8,}/g;
/** Known secret values shorter than this are not searched for: they would match ordinary words. */
const MIN_SECRET_LENGTH = 8;

/** Options of {@link scrubSecrets}. */
export interface ScrubSecretsOptions {
  /**
   * Secret values known to the caller (such as the configured API key), replaced by `[redacted]`
   * wherever they appear, whatever their form. Values shorter than 8 characters are ignored.
   */
  readonly secrets?: readonly (string | null | undefined)[];
}

/**
 * Removes secrets from a text, whatever field or message they ended up in: the given secret values,
 * Anthropic API keys (`sk-ant-[redacted]`), URL credentials (`scheme://user:***@`) and bearer/basic
 * credentials. The last line of defence of the logs, and the filter of every text that came from
 * outside (an upstream error message) before it is logged or stored.
 */
export function scrubSecrets(text: string, options: ScrubSecretsOptions = {}): string {
  let scrubbed = text;
  for (const secret of options.secrets ?? []) {
    if (typeof secret === 'string' && secret.length >= MIN_SECRET_LENGTH) {
      scrubbed = scrubbed.split(secret).join('[redacted]');
    }
  }
  return redactUrlCredentials(scrubbed.replace(API_KEY, 'sk-ant-[redacted]')).replace(
    BEARER,
    '$1 [redacted]',
  );
}
