import { describe, expect, it, vi } from 'vitest';
import { completed, Gate, type TestItem, testItems, testRun, withWrong } from '../test-fixtures/eval-fakes';
import type { EvalItemOutcome } from './eval-item-outcome';
import type { EvalProgress } from './eval-progress';
import { EvalRunError } from './eval-run-error';
import { runEvaluation } from './run-evaluation';

describe('runEvaluation: running', () => {
  it('keeps at most `concurrency` items in flight, and reaches it', async () => {
    const set = testItems(10);
    const gate = new Gate();
    let [inFlight, maxInFlight, launched] = [0, 0, 0];
    const running = runEvaluation({
      run: testRun,
      items: set,
      concurrency: 3,
      runItem: async (item) => {
        launched++;
        maxInFlight = Math.max(maxInFlight, ++inFlight);
        await gate.wait();
        inFlight--;
        return completed(item.expected);
      },
    });
    await vi.waitFor(() => expect(gate.waiting).toBe(3));
    expect(launched).toBe(3);
    let settled = false;
    void running.then(() => {
      settled = true;
    });
    while (!settled) {
      gate.openAll();
      await vi.waitFor(() => expect(settled || gate.waiting > 0).toBe(true));
    }
    expect(maxInFlight).toBe(3);
    expect((await running).items.map((item) => item.id)).toEqual(set.map((item) => item.id));
  });

  it('clamps the concurrency into 1..64 (4 when it is not a number)', async () => {
    const runWith = async (concurrency: number) =>
      (
        await runEvaluation({
          run: testRun,
          items: testItems(1),
          concurrency,
          runItem: async (item) => completed(item.expected),
        })
      ).run.concurrency;
    expect(await runWith(0)).toBe(1);
    expect(await runWith(-3)).toBe(1);
    expect(await runWith(1000)).toBe(64);
    expect(await runWith(2.9)).toBe(2);
    expect(await runWith(Number.NaN)).toBe(4);
  });

  it('launches no item after the signal aborts; those in flight finish and are reported', async () => {
    const set = testItems(10);
    const controller = new AbortController();
    const signals: AbortSignal[] = [];
    const report = await runEvaluation({
      run: testRun,
      items: set,
      concurrency: 2,
      signal: controller.signal,
      runItem: async (item, { signal }) => {
        signals.push(signal);
        if (signals.length === 3) controller.abort();
        await Promise.resolve();
        return completed(item.expected);
      },
    });
    expect(signals).toHaveLength(3);
    expect(signals.every((signal) => signal.aborted)).toBe(true);
    expect(report.items.map((item) => item.id)).toEqual(set.slice(0, 3).map((item) => item.id));
    expect(report.summary).toMatchObject({ items: 10, run: 3, notRun: 7 });
    expect(report.run.aborted).toBe(true);

    const none = vi.fn(async () => completed({}));
    const before = await runEvaluation({
      run: testRun,
      items: set,
      signal: AbortSignal.abort(),
      runItem: none,
    });
    expect(none).not.toHaveBeenCalled();
    expect(before.summary).toMatchObject({ run: 0, notRun: 10, docubench: null });
  });

  it('lists items in the order given whatever order they finish in', async () => {
    const set = testItems(5);
    const order: string[] = [];
    const report = await runEvaluation({
      run: testRun,
      items: set,
      concurrency: 5,
      runItem: async (item) => {
        // The last item finishes first: each waits for the items after it.
        const index = set.indexOf(item);
        await vi.waitFor(() => expect(order).toHaveLength(set.length - 1 - index));
        order.push(item.id);
        return completed(item.expected);
      },
    });
    expect(order).toEqual(set.map((item) => item.id).reverse());
    expect(report.items.map((item) => item.id)).toEqual(set.map((item) => item.id));
  });

  it('tells progress: started and finished per item, done counting up; a throwing listener is ignored', async () => {
    const events: EvalProgress[] = [];
    const report = await runEvaluation({
      run: testRun,
      items: testItems(3),
      concurrency: 1,
      runItem: async (item) => completed(withWrong(item.expected, 5)),
      onProgress: (progress) => {
        events.push(progress);
        throw new Error('display broke');
      },
    });
    expect(events.map((event) => [event.type, event.id, event.done, event.running])).toEqual([
      ['started', 'item-00', 0, 1],
      ['finished', 'item-00', 1, 0],
      ['started', 'item-01', 1, 1],
      ['finished', 'item-01', 2, 0],
      ['started', 'item-02', 2, 1],
      ['finished', 'item-02', 3, 0],
    ]);
    expect(events[1]).toMatchObject({ outcome: 'completed', f1: 0, total: 3 });
    expect(report.summary.run).toBe(3);
  });
});

describe('runEvaluation: bad input', () => {
  it('counts a rejection or an invalid outcome from the port as failed', async () => {
    const set = testItems(3);
    const answers: (() => Promise<EvalItemOutcome>)[] = [
      async () => {
        throw new TypeError('redis went away');
      },
      async () => ({ ...completed({}), costUsd: -1 }) as EvalItemOutcome,
      async () => ({ kind: 'completed', data: {} }) as EvalItemOutcome,
    ];
    const report = await runEvaluation({
      run: testRun,
      items: set,
      runItem: (item) => (answers[set.indexOf(item)] as () => Promise<EvalItemOutcome>)(),
    });
    expect(report.items.map((item) => item.outcome)).toEqual([
      { kind: 'failed', message: 'TypeError: redis went away' },
      { kind: 'failed', message: 'runItem returned an invalid outcome (costUsd)' },
      {
        kind: 'failed',
        message:
          'runItem returned an invalid outcome (needsReview, reviewReasons, modelCalls, firstAttemptValid, costUsd)',
      },
    ]);
  });

  it('refuses before running: duplicate ids, unscorable expected outputs or schema, bad run metadata', async () => {
    const runItem = vi.fn(async () => completed({}));
    const refusal = (options: Partial<Parameters<typeof runEvaluation<TestItem>>[0]>) =>
      runEvaluation<TestItem>({ run: testRun, items: testItems(2), runItem, ...options }).then(
        () => null,
        (error: unknown) => error,
      );
    let deep: unknown = 1;
    for (let i = 0; i < 40; i++) deep = { d: deep };
    const cases = [
      [{ items: [...testItems(2), ...testItems(1)] }, 'duplicate-id', 'item-00'],
      [{ items: [{ id: 'deep', expected: { deep } }] }, 'unscorable', 'deep'],
      [{ scoring: { kind: 'docubench', schema: { type: 'object' } } }, 'unscorable', 'item-00'],
      [{ run: { ...testRun, set: 'bad set name' } }, 'bad-run', null],
      [{ run: { ...testRun, workflow: { name: 'invoice', version: 0 } } }, 'bad-run', null],
    ] as const;
    for (const [options, problem, itemId] of cases) {
      const error = await refusal(options as Partial<Parameters<typeof runEvaluation<TestItem>>[0]>);
      expect(error).toBeInstanceOf(EvalRunError);
      expect(error).toMatchObject({ name: 'EvalRunError', problem, itemId });
    }
    expect(runItem).not.toHaveBeenCalled();
  });
});
