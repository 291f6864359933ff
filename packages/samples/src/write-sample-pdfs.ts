import { mkdirSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { loadSamples } from './load-samples';
import { renderSamples } from './pdf/sample-renderings';

/**
 * `pnpm --filter @quarry/samples samples:pdf -- DIR`: writes the PDF renderings of the invoice
 * samples to DIR (`<sample id>.<layout>.pdf`) and prints one JSON line per file. Nothing is
 * committed: the renderings are made again, byte for byte, whenever needed.
 */
const dir = process.argv[2];
if (!dir) {
  process.stderr.write('usage: write-sample-pdfs DIR\n');
  process.exit(2);
}
const out = resolve(dir);
mkdirSync(out, { recursive: true });
for (const rendering of await renderSamples(loadSamples('invoice'))) {
  const file = join(out, `${rendering.sampleId}.${rendering.layout}.pdf`);
  writeFileSync(file, rendering.bytes);
  const { sampleId, layout, pages, textLayer } = rendering;
  process.stdout.write(
    `${JSON.stringify({ file, sampleId, layout, pages, textLayer, bytes: rendering.bytes.length })}\n`,
  );
}
