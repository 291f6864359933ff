import { describe, expect, it } from 'vitest';
import { parseRetryAfter, readRetryAfter } from './parse-retry-after';

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

  it('gives null when the header is absent, negative or malformed', () => {
    expect(read({})).toBeNull();
    expect(read({ 'retry-after': 'soon' })).toBeNull();
    expect(read({ 'retry-after': '-3' })).toBeNull();
    expect(read({ 'retry-after-ms': 'x', 'retry-after': '2' })).toBe(2000);
    expect(parseRetryAfter({ headers: undefined })).toBeNull();
  });

  it('reads a huge value as the longest a timer can wait, for the caller to cap', () => {
    expect(read({ 'retry-after': '999999' })).toBe(999_999_000);
    expect(read({ 'retry-after': String(2 ** 31) })).toBe(2 ** 31 - 1);
    expect(read({ 'retry-after': '9'.repeat(400) })).toBe(2 ** 31 - 1);
    expect(read({ 'retry-after': 'Fri, 01 Jan 2100 00:00:00 GMT' })).toBe(2 ** 31 - 1);
  });
});

describe('readRetryAfter', () => {
  const reading = (headers: Record<string, string>) => readRetryAfter({ headers: new Headers(headers), now });

  it.each([
    [{ 'retry-after': '-5' }, 'negative'],
    [{ 'retry-after-ms': '-250' }, 'negative'],
    [{ 'retry-after': 'soon' }, 'malformed'],
    [{ 'retry-after': '1e9' }, 'malformed'],
    [{ 'retry-after': '0x10' }, 'malformed'],
    [{ 'retry-after': 'NaN' }, 'malformed'],
    [{ 'retry-after': '' }, 'malformed'],
  ])('treats %j as absent and names the problem (%s)', (headers, problem) => {
    expect(reading(headers)).toEqual({ ms: null, problem });
  });

  it('keeps a readable value and still names a malformed companion header', () => {
    expect(reading({ 'retry-after-ms': 'later', 'retry-after': '2' })).toEqual({
      ms: 2000,
      problem: 'malformed',
    });
    expect(reading({ 'retry-after': '2' })).toEqual({ ms: 2000, problem: null });
    expect(reading({})).toEqual({ ms: null, problem: null });
  });
});
