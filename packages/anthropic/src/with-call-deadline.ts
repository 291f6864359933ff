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
  // One controller for both causes: \`AbortSignal.any\` costs every call far more (and keeps its
  // sources alive until collected).
  const controller = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => {
    timedOut = true;
    controller.abort();
  }, options.timeoutMs);
  const { signal } = options;
  const onAbort = () => controller.abort(signal?.reason);
  if (signal?.aborted) onAbort();
  else signal?.addEventListener('abort', onAbort, { once: true });
  try {
    return await call(controller.signal);
  } catch (error) {
    if (!signal?.aborted && timedOut) {
      throw new CallDeadlineError({
        operation: options.operation,
        timeoutMs: options.timeoutMs,
        cause: error,
      });
    }
    throw error;
  } finally {
    clearTimeout(timer);
    signal?.removeEventListener('abort', onAbort);
  }
}
