import { describe, expect, it } from 'vitest';
import { uniquePrefix } from './unique-prefix';

describe('uniquePrefix', () => {
  it('is a hash tag holding the cleaned label and a random part', () => {
    expect(uniquePrefix('DLQ writer / retries')).toMatch(/^\{qt-dlq-writer-retries-[0-9a-f]{8}\}$/);
    expect(uniquePrefix()).toMatch(/^\{qt-test-[0-9a-f]{8}\}$/);
    expect(uniquePrefix('{}')).toMatch(/^\{qt-test-[0-9a-f]{8}\}$/);
  });

  it('is fresh on every call', () => {
    const prefixes = new Set(Array.from({ length: 100 }, () => uniquePrefix('same')));
    expect(prefixes.size).toBe(100);
  });
});
