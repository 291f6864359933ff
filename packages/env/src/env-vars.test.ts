import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import { booleanVar, integerVar, modelIdVar, positiveNumberVar, textVar, urlVar } from './env-vars';

/** The parsed value, or the message of the first issue. */
const read = (schema: z.ZodType, value: unknown) => {
  const parsed = schema.safeParse(value);
  return parsed.success ? parsed.data : `error: ${parsed.error.issues[0]?.message}`;
};

describe('integerVar', () => {
  it('reads a trimmed integer within its bounds', () => {
    expect(read(integerVar(1, 1000), ' 8 ')).toBe(8);
    expect(read(integerVar(0), '0')).toBe(0);
    expect(read(integerVar(0, 65_535), '65535')).toBe(65_535);
  });

  it('names the expected range of a bad value', () => {
    expect(read(integerVar(1, 1000), 'many')).toBe('error: an integer from 1 to 1000');
    expect(read(integerVar(1, 100), '0')).toBe('error: an integer from 1 to 100');
    expect(read(integerVar(0, 65_535), '70000')).toBe('error: an integer from 0 to 65535');
    expect(read(integerVar(1), '1.5')).toBe('error: an integer ≥ 1');
    expect(read(integerVar(100), '-5')).toBe('error: an integer ≥ 100');
  });
});

describe('positiveNumberVar', () => {
  it('reads a positive decimal number', () => {
    expect(read(positiveNumberVar(), '0.5')).toBe(0.5);
    expect(read(positiveNumberVar('hours'), ' 8 ')).toBe(8);
  });

  it('names the unit, when given, in the expected form', () => {
    expect(read(positiveNumberVar(), '0')).toBe('error: a number > 0');
    expect(read(positiveNumberVar(), '-1')).toBe('error: a number > 0');
    expect(read(positiveNumberVar('hours'), 'soon')).toBe('error: a number of hours > 0');
    expect(read(positiveNumberVar('replays per second'), '0.0')).toBe(
      'error: a number of replays per second > 0',
    );
  });
});

describe('booleanVar', () => {
  it('reads true/false, 1/0, yes/no, on/off in any case', () => {
    expect(['true', '1', 'YES', ' On '].map((value) => read(booleanVar(), value))).toEqual([
      true,
      true,
      true,
      true,
    ]);
    expect(['false', '0', 'no', 'OFF'].map((value) => read(booleanVar(), value))).toEqual([
      false,
      false,
      false,
      false,
    ]);
  });

  it('lists the accepted words for anything else', () => {
    expect(read(booleanVar(), 'maybe')).toBe('error: one of true, false, 1, 0, yes, no, on, off');
  });
});

describe('urlVar', () => {
  const redisUrl = urlVar(['redis:', 'rediss:'], 'redis://:password@host:6379/0', ['redis+cluster:']);

  it('accepts the named schemes and the also-accepted ones, trimmed', () => {
    expect(read(redisUrl, ' rediss://:pw@cache:6380/2 ')).toBe('rediss://:pw@cache:6380/2');
    expect(read(redisUrl, 'redis+cluster://node-1:7000')).toBe('redis+cluster://node-1:7000');
  });

  it('names only the main schemes and the example for another scheme or a non-URL', () => {
    const form = 'error: a redis:// or rediss:// URL, e.g. redis://:password@host:6379/0';
    expect(read(redisUrl, 'http://user:hunter2@cache:6379')).toBe(form);
    expect(read(redisUrl, 'cache:6379')).toBe(form);
    expect(read(urlVar(['http:', 'https:'], 'http://127.0.0.1:4010'), 'ftp://x')).toBe(
      'error: a http:// or https:// URL, e.g. http://127.0.0.1:4010',
    );
  });
});

describe('textVar', () => {
  it('reads a trimmed non-empty string and names its form otherwise', () => {
    expect(read(textVar('a worker name'), ' w-1 ')).toBe('w-1');
    expect(read(textVar('a worker name'), '   ')).toBe('error: a worker name');
    expect(read(textVar('a worker name'), undefined)).toBe('error: a worker name');
  });
});

describe('modelIdVar', () => {
  it('row 66: a model id with spaces or control characters -> reads a trimmed model id and refuses anything a terminal or a key could choke on', () => {
    expect(read(modelIdVar(), ' claude-haiku-5-5 ')).toBe('claude-haiku-5-5');
    expect(read(modelIdVar(), 'claude-sonnet-4-5@20250929')).toBe('claude-sonnet-4-5@20250929');
    for (const bad of ['claude haiku', 'claude-\u001b[31m', '', 'x'.repeat(129), '/etc/passwd']) {
      expect(read(modelIdVar(), bad)).toBe('error: a model id (letters, digits, . _ @ : -; at most 128)');
    }
  });
});
