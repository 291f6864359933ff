/**
 * Settles with `work`, or rejects with the signal's reason as soon as the signal aborts; `onAbort`
 * runs then, to stop the work (PDF parsing yields to the event loop, so the abort gets its turn).
 */
export function raceAbort<T>(work: Promise<T>, signal: AbortSignal, onAbort: () => void): Promise<T> {
  if (signal.aborted) {
    // The work is abandoned: its failure, once stopped, is expected and must not go unhandled.
    work.catch(() => undefined);
    onAbort();
    return Promise.reject(signal.reason);
  }
  return new Promise<T>((resolve, reject) => {
    const abort = (): void => {
      onAbort();
      reject(signal.reason);
    };
    signal.addEventListener('abort', abort, { once: true });
    work.then(
      (value) => {
        signal.removeEventListener('abort', abort);
        resolve(value);
      },
      (error: unknown) => {
        signal.removeEventListener('abort', abort);
        reject(error);
      },
    );
  });
}
