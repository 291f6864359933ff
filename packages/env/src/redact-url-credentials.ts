/**
 * The credentials part of a URL (`scheme://userinfo@`) wherever it appears in a text. The userinfo
 * runs to the last `@` before the host ends (a slash, `?`, `#`, whitespace or a quote), so a
 * password holding an unescaped `@` is caught whole.
 */
const URL_CREDENTIALS = /\b([a-z][a-z0-9+.-]*:\/\/)([^\s/?#"'<>`]*)@/gi;

/**
 * Masks the credentials of every URL in `text`: `scheme://user:password@host` becomes
 * `scheme://user:***@host`, and `scheme://token@host` (a user name alone, often a token) becomes
 * `scheme://***@host`. Everything else is left as it is; a text without URLs comes back unchanged.
 */
export function redactUrlCredentials(text: string): string {
  return text.replace(URL_CREDENTIALS, (_match, scheme: string, userinfo: string) => {
    const colon = userinfo.indexOf(':');
    return colon === -1 ? `${scheme}***@` : `${scheme}${userinfo.slice(0, colon)}:***@`;
  });
}
