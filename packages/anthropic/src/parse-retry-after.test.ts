import { describe, expect, it } from 'vitest';
import { parseRetryAfter } from './parse-retry-after';

const now = Date.parse('2025-01-01T00:00:00Z');
const read = (headers: Record<string, string>) => parseRetryAfter({ headers: new Headers(headers), now });

describe('parseRetryAfter', () => {
  it('reads retry-after as seconds, fractions included', () => {
    expect(read({ 'retry-after': '7' })).toBe(7000);
    expect(read({ 'retry-after': '1.5' })).toBe(1500);
  });

  it('prefers retry-after-ms when both are present', () => {
    expect(read({ 'retry-after-ms': '250', 'retry-after': '7' })).toBe(250);
  });

  it('reads an HTTP date relative to now, a past date as 0', () => {
    expect(read({ 'retry-after': 'Wed, 01 Jan 2025 00:00:30 GMT' })).toBe(30_000);
    expect(read({ 'retry-after': 'Tue, 31 Dec 2024 23:59:00 GMT' })).toBe(0);
  });

  it('gives null when the header is absent or unreadable', () => {
    expect(read({})).toBeNull();
    expect(read({ 'retry-after': 'soon' })).toBeNull();
    expect(read({ 'retry-after': '-3' })).toBeNull();
    expect(read({ 'retry-after-ms': 'x', 'retry-after': '2' })).toBe(2000);
    expect(read({ 'retry-after': String(2 ** 31) })).toBeNull();
    expect(parseRetryAfter({ headers: undefined })).toBeNull();
  });
});
