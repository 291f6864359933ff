import { once } from 'node:events';
import type { ServerResponse } from 'node:http';
import type { BatchIndividualResponse } from './batch-wire';
import { seededUnit } from './seeded-unit';
import type { StoredBatch } from './stored-batch';

/** Lines written per chunk of the results file. */
const linesPerChunk = 500;

/**
 * Streams an ended batch's results as JSONL, one `{ custom_id, result }` per line, in a seeded
 * order that is not the request order (as the API warns, results are matched by `custom_id`).
 * Waits for the socket to drain between chunks, so a large file is never held whole in memory.
 */
export async function sendBatchResults(
  response: ServerResponse,
  options: { readonly batch: StoredBatch; readonly requestId: string; readonly seed: number },
): Promise<void> {
  const { batch } = options;
  const order = batch.entries
    .map((entry) => ({ entry, key: seededUnit(options.seed, 'results', batch.number, entry.customId) }))
    .sort((a, b) => a.key - b.key);
  response.writeHead(200, {
    'content-type': 'application/binary',
    'request-id': options.requestId,
  });
  for (let start = 0; start < order.length; start += linesPerChunk) {
    let chunk = '';
    for (const { entry } of order.slice(start, start + linesPerChunk)) {
      const line: BatchIndividualResponse = {
        custom_id: entry.customId,
        result: entry.result ?? { type: 'canceled' },
      };
      chunk += `${JSON.stringify(line)}\n`;
    }
    if (response.destroyed) return;
    if (!response.write(chunk)) await Promise.race([once(response, 'drain'), once(response, 'close')]);
  }
  response.end();
}
