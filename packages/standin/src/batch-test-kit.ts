import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming } from '@anthropic-ai/sdk/resources/messages';
import type {
  MessageBatch,
  MessageBatchIndividualResponse,
  MessageBatchResult,
} from '@anthropic-ai/sdk/resources/messages/batches';
import type { StandinOptions } from './standin-options';
import { type Standin, startStandin } from './start-standin';

/** Stand-ins started by a test file, closed after each test with {@link closeStandins}. */
const running: Standin[] = [];

/** Starts a stand-in and an SDK client for it (no retries, so every error reaches the test). */
export async function batchStandin(
  options: StandinOptions,
  clientOptions: { readonly maxRetries?: number } = {},
): Promise<{ readonly standin: Standin; readonly client: Anthropic }> {
  const standin = await startStandin(options);
  running.push(standin);
  const client = new Anthropic({
    apiKey: 'test',
    baseURL: standin.url,
    maxRetries: clientOptions.maxRetries ?? 0,
  });
  return { standin, client };
}

export async function closeStandins(): Promise<void> {
  await Promise.all(running.splice(0).map((standin) => standin.close()));
}

/** A small Messages request whose document names `text`. */
export const entryParams = (text: string, model = 'claude-test'): MessageCreateParamsNonStreaming => ({
  model,
  max_tokens: 256,
  messages: [{ role: 'user', content: [{ type: 'text', text: `<document>${text}</document>` }] }],
});

/** `count` entries `e0`, `e1`, … each asking about its own document. */
export const entries = (count: number, model?: string) =>
  Array.from({ length: count }, (_, index) => ({
    custom_id: `e${index}`,
    params: entryParams(`document ${index}`, model),
  }));

/** An ended batch's `request_counts`: nothing processing, `counts` as given, zero for the rest. */
export const endedCounts = (
  counts: Partial<MessageBatch['request_counts']>,
): MessageBatch['request_counts'] => ({
  processing: 0,
  succeeded: 0,
  errored: 0,
  canceled: 0,
  expired: 0,
  ...counts,
});

/** The SDK error a create is refused with: status, error type and message; `'accepted'` if it was not. */
export const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => 'accepted',
    (error: unknown) => {
      if (!(error instanceof Anthropic.APIError)) throw error;
      const body = error.error as { error?: { type?: string; message?: string } };
      return { status: error.status, type: body.error?.type, message: body.error?.message };
    },
  );

/** Polls the batch until `done` holds (at most `timeoutMs`), and returns it. */
export async function waitForBatch(
  client: Anthropic,
  id: string,
  done: (batch: MessageBatch) => boolean = (batch) => batch.processing_status === 'ended',
  timeoutMs = 10_000,
): Promise<MessageBatch> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const batch = await client.messages.batches.retrieve(id);
    if (done(batch)) return batch;
    if (Date.now() > deadline) throw new Error(`batch ${id} is still ${batch.processing_status}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

/** Waits until `condition` holds (at most `timeoutMs`). */
export async function waitUntil(condition: () => boolean, timeoutMs = 10_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('the condition never held');
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** The results of an ended batch through the SDK, in the order they came, and by `custom_id`. */
export async function batchResults(
  client: Anthropic,
  id: string,
): Promise<{
  readonly lines: MessageBatchIndividualResponse[];
  readonly byId: Map<string, MessageBatchResult>;
}> {
  const lines: MessageBatchIndividualResponse[] = [];
  for await (const line of await client.messages.batches.results(id)) lines.push(line);
  return { lines, byId: new Map(lines.map((line) => [line.custom_id, line.result])) };
}
