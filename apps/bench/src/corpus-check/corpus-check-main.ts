import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { countPdfPages } from '@quarry/documents';
import { terminalText } from '@quarry/env';
import { corpusDirectory } from './corpus-directory';
import { DOCUBENCH_TOLERANCE, hasDocubenchMaterial, runDocubenchCheck } from './docubench-check';
import { runDocubenchWorkflowsCheck } from './docubench-workflows-check';
import { runLongDocumentCheck } from './long-document-check';
import { runCorpusCheck } from './run-corpus-check';

/**
 * `pnpm test:corpus`: checks against the development corpus (`../shared/corpus`, or
 * `QUARRY_CORPUS_DIR`), each step skipped with a message when its part of the corpus is absent:
 * 1. fieldbench run as data workflows end to end: fails when a document whose expected output fits its
 *    schema does not complete with exactly that output;
 * 2. DocuBench scoring: every published per-document score recomputed with `scoreDocubench`; fails when
 *    one differs by more than `DOCUBENCH_TOLERANCE`;
 * 3. DocuBench's 50 schemas loaded as data workflows: fails when one does not load; reports the labels
 *    that do not fit their schema;
 * 4. the real PDFs of more than 100 pages (`irs-pdfs`) split into page windows end to end: fails when a
 *    page is dropped or read twice in the merged output.
 * Exits 1 when a step fails.
 */
async function main(): Promise<number> {
  const corpus = corpusDirectory();
  const fieldbench = await fieldbenchStep(resolve(corpus, 'fieldbench'));
  const docubench = docubenchStep(resolve(corpus, 'docubench-scoring'));
  const docubenchWorkflows = await docubenchWorkflowsStep(resolve(corpus, 'docubench-scoring'));
  const longDocuments = await longDocumentStep(resolve(corpus, 'irs-pdfs'));
  return fieldbench && docubench && docubenchWorkflows && longDocuments ? 0 : 1;
}

const say = (line: string) => process.stdout.write(`${line}\n`);

async function fieldbenchStep(fieldbench: string): Promise<boolean> {
  if (!existsSync(fieldbench)) {
    say(`test:corpus fieldbench skipped: no corpus at ${fieldbench} (set QUARRY_CORPUS_DIR to run it)`);
    return true;
  }
  const perCategory = Math.min(Math.max(Number(process.env.QUARRY_CORPUS_PER_CATEGORY ?? 10) || 10, 1), 500);
  const counts = await runCorpusCheck({
    fieldbench,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
    perCategory,
  });
  for (const count of counts) {
    say(
      `${count.category}: ${count.documents} documents, ${count.completed} completed, ${count.matched} with the expected output, ${count.failed} failed`,
    );
  }
  const total = (key: 'documents' | 'completed' | 'matched' | 'failed') =>
    counts.reduce((sum, count) => sum + count[key], 0);
  say(
    `test:corpus: ${counts.length} data workflows, ${total('documents')} documents, ${total('completed')} completed, ${total('matched')} with the expected output, ${total('failed')} failed`,
  );
  return total('matched') > 0 && total('completed') === total('matched');
}

function docubenchStep(dir: string): boolean {
  if (!hasDocubenchMaterial(dir)) {
    say(`test:corpus docubench skipped: no scoring material at ${dir}`);
    return true;
  }
  const check = runDocubenchCheck({ dir });
  for (const figures of check.engines) {
    const published = figures.published === null ? 'none' : String(figures.published);
    say(
      `docubench ${terminalText(figures.engine)}: ${figures.documents} documents, overall ${figures.ours} (published ${published}), max document difference ${figures.maxDifference}`,
    );
  }
  for (const mismatch of check.mismatches.slice(0, 20)) {
    say(
      `docubench mismatch: ${terminalText(mismatch.engine)} ${terminalText(mismatch.document)}: ${mismatch.ours ?? mismatch.reason} (published ${mismatch.published})`,
    );
  }
  const documents = check.engines.reduce((sum, figures) => sum + figures.documents, 0);
  say(
    `test:corpus docubench: ${check.engines.length} engines, ${documents} documents scored, max difference ${check.maxDifference}, ${check.mismatches.length} beyond ${DOCUBENCH_TOLERANCE}`,
  );
  return documents > 0 && check.mismatches.length === 0;
}

async function docubenchWorkflowsStep(dir: string): Promise<boolean> {
  if (!hasDocubenchMaterial(dir)) return true;
  const check = await runDocubenchWorkflowsCheck({ dir });
  for (const problem of check.problems.slice(0, 20)) say(`docubench workflows: ${terminalText(problem)}`);
  say(
    `test:corpus docubench workflows: ${check.loaded} of ${check.schemas} schemas loaded as data workflows, ${check.labelsValid} labels fit their output schema`,
  );
  return check.schemas > 0 && check.loaded === check.schemas;
}

/** The PDFs under `dir` of more than the platform's 100 pages (by size first: a long booklet is large). */
async function longDocumentStep(dir: string): Promise<boolean> {
  if (!existsSync(dir)) {
    say(`test:corpus long documents skipped: no PDFs at ${dir}`);
    return true;
  }
  const pdfs = readdirSync(dir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.endsWith('.pdf'))
    .map((path) => join(dir, path));
  const long: string[] = [];
  for (const path of pdfs) {
    const pages = await countPdfPages({
      bytes: new Uint8Array(readFileSync(path)),
      limits: { maxPages: 5000 },
    });
    if (pages > 100) long.push(path);
  }
  const counts = await runLongDocumentCheck({
    pdfs: long,
    redisUrl: process.env.REDIS_URL ?? 'redis://127.0.0.1:6379',
  });
  for (const count of counts) {
    say(
      `long document ${terminalText(count.file)}: ${count.pages} pages in ${count.windows} windows, ${count.extracted} of ${count.expected} pages listed, ${count.dropped} dropped, ${count.duplicated} duplicated`,
    );
  }
  say(
    `test:corpus long documents: ${counts.length} PDFs over 100 pages, ${counts.filter((c) => c.ok).length} merged exactly`,
  );
  return counts.length > 0 && counts.every((count) => count.ok);
}

process.exitCode = await main();
