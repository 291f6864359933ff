import { describe, expect, it } from 'vitest';
import { scrubSecrets } from './scrub-secrets';

describe('scrubSecrets', () => {
  it('leaves ordinary lines alone', () => {
    const line = '{"msg":"job completed","url":"http://127.0.0.1:4010","jobId":"3"}';
    expect(scrubSecrets(line)).toBe(line);
  });

  it('removes API keys, URL credentials and bearer tokens wherever they are', () => {
    const scrubbed = scrubSecrets(
      'key sk-ant-api03-AbC_def-123 at https://u:topsecret@proxy/v1 with Bearer abcdefghijkl',
    );
    expect(scrubbed).toBe('key sk-ant-[redacted] at https://u:***@proxy/v1 with Bearer [redacted]');
  });

  it('removes known secret values of any form, but not ones too short to search for', () => {
    const text = 'invalid x-api-key: "corp-key-7f3a9e1b" (short: abc)';
    expect(scrubSecrets(text, { secrets: ['corp-key-7f3a9e1b', 'abc', null, undefined] })).toBe(
      'invalid x-api-key: "[redacted]" (short: abc)',
    );
  });
});
