import { describe, expect, it } from 'vitest';
import { redactUrlCredentials } from './redact-url-credentials';

describe('redactUrlCredentials', () => {
  it.each([
    ['http://user:hunter2@proxy.internal:8080/v1', 'http://user:***@proxy.internal:8080/v1'],
    ['redis://:pw-xyz@redis:6379', 'redis://:***@redis:6379'],
    [
      'rediss+cluster://admin:s3cret@node-1:7000?seeds=node-2:7000',
      'rediss+cluster://admin:***@node-1:7000?seeds=node-2:7000',
    ],
    ['https://sk-live-token@gateway.example.com', 'https://***@gateway.example.com'],
    ['https://user:p@ss@host/path', 'https://user:***@host/path'],
  ])('masks the credentials of %s', (url, masked) => {
    expect(redactUrlCredentials(url)).toBe(masked);
  });

  it('masks every URL inside a longer text and leaves the rest alone', () => {
    const text =
      'ANTHROPIC_BASE_URL: expected a URL, got "ftp://me:topsecret@host" (also tried http://a:b@c), mail bob@example.com';
    const masked = redactUrlCredentials(text);
    expect(masked).toBe(
      'ANTHROPIC_BASE_URL: expected a URL, got "ftp://me:***@host" (also tried http://a:***@c), mail bob@example.com',
    );
  });

  it('leaves URLs without credentials, and @ after the host, unchanged', () => {
    for (const text of ['http://127.0.0.1:4010', 'https://host/a@b?c=d@e', 'no url here', '']) {
      expect(redactUrlCredentials(text)).toBe(text);
    }
  });
});
