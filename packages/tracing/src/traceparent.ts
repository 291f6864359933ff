/** A W3C trace context parent (`traceparent`), split into its fields. */
export interface Traceparent {
  /** 32 lower-case hex digits, not all zero. */
  readonly traceId: string;
  /** 16 lower-case hex digits, not all zero: the parent span. */
  readonly spanId: string;
  /** The trace flags byte (bit 0: sampled). */
  readonly traceFlags: number;
}

/** Longest `traceparent` the job contract carries (version 00 is 55 characters; later versions may add fields). */
export const MAX_TRACEPARENT_LENGTH = 256;
/** Longest `tracestate` the job contract carries (the W3C limit is 32 members of at most 256 characters; 512 is what propagators must keep). */
export const MAX_TRACESTATE_LENGTH = 512;

const VERSION_00 = /^00-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})$/;
// A later version: the same first four fields, then either the end or a dash and more (W3C §4.3).
const LATER_VERSION = /^([0-9a-f]{2})-([0-9a-f]{32})-([0-9a-f]{16})-([0-9a-f]{2})(-.*)?$/;
const ZERO_TRACE = '0'.repeat(32);
const ZERO_SPAN = '0'.repeat(16);

/**
 * Reads a W3C `traceparent` header value (Trace Context level 1): version `00` exactly, a later
 * version by its first four fields; version `ff`, upper-case hex, an all-zero trace or span id and
 * anything longer than {@link MAX_TRACEPARENT_LENGTH} are refused. Null when the value is not one.
 */
export function parseTraceparent(value: string): Traceparent | null {
  if (value.length > MAX_TRACEPARENT_LENGTH) return null;
  const match = VERSION_00.exec(value);
  const fields = match ? { traceId: match[1], spanId: match[2], flags: match[3] } : laterVersionFields(value);
  if (!fields?.traceId || !fields.spanId || !fields.flags) return null;
  if (fields.traceId === ZERO_TRACE || fields.spanId === ZERO_SPAN) return null;
  return { traceId: fields.traceId, spanId: fields.spanId, traceFlags: Number.parseInt(fields.flags, 16) };
}

function laterVersionFields(value: string) {
  const match = LATER_VERSION.exec(value);
  if (!match || match[1] === '00' || match[1] === 'ff') return null;
  return { traceId: match[2], spanId: match[3], flags: match[4] };
}

/** The `traceparent` (version 00) of a span context. */
export function formatTraceparent(parent: Traceparent): string {
  return `00-${parent.traceId}-${parent.spanId}-${(parent.traceFlags & 0xff).toString(16).padStart(2, '0')}`;
}
