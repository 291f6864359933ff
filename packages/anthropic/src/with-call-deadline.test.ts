import { getEventListeners } from 'node:events';
import { describe, expect, it } from 'vitest';
import { CallDeadlineError } from './call-deadline-error';
import { withCallDeadline } from './with-call-deadline';

/** A call that settles only when its signal aborts, rejecting with the signal's reason. */
const untilAborted = (signal: AbortSignal) =>
  new Promise<never>((_, reject) => {
    signal.addEventListener('abort', () => reject(new Error(`aborted: ${String(signal.reason)}`)), {
      once: true,
    });
  });

describe('withCallDeadline', () => {
  it('ends a call that outlives the deadline with CallDeadlineError, the call’s own error as its cause', async () => {
    const error = await withCallDeadline({ operation: 'messages.create', timeoutMs: 20 }, untilAborted).catch(
      (caught: unknown) => caught,
    );
    expect(error).toBeInstanceOf(CallDeadlineError);
    expect((error as CallDeadlineError).cause).toBeInstanceOf(Error);
  });

  it("passes a caller's abort through as the call raised it, also when the signal was aborted already", async () => {
    const caller = new AbortController();
    const running = withCallDeadline(
      { operation: 'messages.create', timeoutMs: 10_000, signal: caller.signal },
      untilAborted,
    );
    caller.abort('stopping');
    await expect(running).rejects.toThrow('aborted: stopping');
    await expect(
      withCallDeadline({ operation: 'x', timeoutMs: 10_000, signal: caller.signal }, async (signal) => {
        expect(signal.aborted).toBe(true);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
  });

  it("leaves no listener on the caller's signal after a call, however it ended", async () => {
    const caller = new AbortController();
    for (let i = 0; i < 50; i += 1) {
      await withCallDeadline({ operation: 'x', timeoutMs: 1_000, signal: caller.signal }, async () => i);
      await withCallDeadline({ operation: 'x', timeoutMs: 1, signal: caller.signal }, untilAborted).catch(
        () => {},
      );
    }
    expect(getEventListeners(caller.signal, 'abort')).toHaveLength(0);
  });
});
