import { describe, expect, it } from 'vitest';
import { formatTraceparent, parseTraceparent } from './traceparent';

const traceId = '4bf92f3577b34da6a3ce929d0e0e4736';
const spanId = '00f067aa0ba902b7';

describe('parseTraceparent', () => {
  it('reads a version 00 value and formats it back', () => {
    const value = `00-${traceId}-${spanId}-01`;
    const parent = parseTraceparent(value);
    expect(parent).toEqual({ traceId, spanId, traceFlags: 1 });
    expect(parent && formatTraceparent(parent)).toBe(value);
  });

  it('reads the first four fields of a later version', () => {
    expect(parseTraceparent(`01-${traceId}-${spanId}-00-what-comes-later`)).toEqual({
      traceId,
      spanId,
      traceFlags: 0,
    });
  });

  it.each([
    ['empty', ''],
    ['not a traceparent', 'hello'],
    ['upper-case hex', `00-${traceId.toUpperCase()}-${spanId}-01`],
    ['version ff', `ff-${traceId}-${spanId}-01`],
    ['all-zero trace id', `00-${'0'.repeat(32)}-${spanId}-01`],
    ['all-zero span id', `00-${traceId}-${'0'.repeat(16)}-01`],
    ['a short trace id', `00-${traceId.slice(1)}-${spanId}-01`],
    ['more fields on version 00', `00-${traceId}-${spanId}-01-extra`],
    ['too long', `01-${traceId}-${spanId}-01-${'x'.repeat(300)}`],
  ])('refuses %s', (_, value) => {
    expect(parseTraceparent(value)).toBeNull();
  });
});
