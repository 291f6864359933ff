import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { runCorpusCheck } from './run-corpus-check';

/**
 * `pnpm test:corpus`: the development corpus (`../shared/corpus`, or `QUARRY_CORPUS_DIR`) run as data
 * workflows end to end; skipped with a message when the corpus is absent. Exits 1 when a document
 * whose expected output fits its schema does not complete with exactly that output.
 */
async function main(): Promise<number> {
  const root = fileURLToPath(new URL('../../../../', import.meta.url));
  const corpus = resolve(root, process.env.QUARRY_CORPUS_DIR ?? '../shared/corpus');
  const fieldbench = resolve(corpus, 'fieldbench');
  if (!existsSync(fieldbench)) {
    process.stdout.write(
      `test:corpus skipped: no corpus at ${fieldbench} (set QUARRY_CORPUS_DIR to run it)\n`,
    );
    return 0;
  }
  const perCategory = Math.min(Math.max(Number(process.env.QUARRY_CORPUS_PER_CATEGORY ?? 10) || 10, 1), 500);
  const counts = await runCorpusCheck({
    fieldbench,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    perCategory,
  });
  for (const count of counts) {
    process.stdout.write(
      `${count.category}: ${count.documents} documents, ${count.completed} completed, ${count.matched} with the expected output, ${count.failed} failed\n`,
    );
  }
  const total = (key: 'documents' | 'completed' | 'matched' | 'failed') =>
    counts.reduce((sum, count) => sum + count[key], 0);
  process.stdout.write(
    `test:corpus: ${counts.length} data workflows, ${total('documents')} documents, ${total('completed')} completed, ${total('matched')} with the expected output, ${total('failed')} failed\n`,
  );
  return total('matched') > 0 && total('completed') === total('matched') ? 0 : 1;
}

process.exitCode = await main();
