import { CallDeadlineError } from './call-deadline-error';

/**
 * Runs an SDK call under one deadline covering all of it: the SDK's own `timeout` only covers the
 * wait for the response headers, so a body that stalls after them would otherwise wait forever.
 * `call` gets the signal to pass to the SDK: it aborts at the deadline or when `signal` (the
 * caller's) does. An abort by the caller rejects as the SDK raised it; one by the deadline rejects
 * with {@link CallDeadlineError}, the SDK's error as its cause.
 */
export async function withCallDeadline<T>(
  options: {
    readonly operation: string;
    readonly timeoutMs: number;
    readonly signal?: AbortSignal | undefined;
  },
  call: (signal: AbortSignal) => Promise<T>,
): Promise<T> {
  const deadline = new AbortController();
  const timer = setTimeout(() => deadline.abort(), options.timeoutMs);
  const { signal } = options;
  try {
    return await call(signal ? AbortSignal.any([signal, deadline.signal]) : deadline.signal);
  } catch (error) {
    if (!signal?.aborted && deadline.signal.aborted) {
      throw new CallDeadlineError({
        operation: options.operation,
        timeoutMs: options.timeoutMs,
        cause: error,
      });
    }
    throw error;
  } finally {
    clearTimeout(timer);
  }
}
