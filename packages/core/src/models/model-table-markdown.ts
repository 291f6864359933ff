import type { ModelSpec, ModelTable, TokenPrices } from './model-spec';

const usd = (value: number): string => `$${value}`;
const yesNo = (value: boolean): string => (value ? 'yes' : 'no (400)');
const count = (value: number): string => value.toLocaleString('en-US');

const pricesCell = (prices: TokenPrices): string => `${usd(prices.input)} / ${usd(prices.output)}`;

function tierCell(spec: ModelSpec): string {
  if (spec.tiers.length === 0) return '—';
  return spec.tiers
    .map(
      (tier) =>
        `prompt > ${count(tier.aboveInputTokens)}: ${pricesCell(tier.prices)}, writes ${usd(tier.prices.cacheWrite5m)} / ${usd(tier.prices.cacheWrite1h)}, reads ${usd(tier.prices.cacheRead)}`,
    )
    .join('; ');
}

const row = (cells: readonly string[]): string => `| ${cells.join(' | ')} |`;

/**
 * The model table as two Markdown tables (prices; request rules and lifecycle), one row per entry
 * in table order. docs/models.md embeds this text; a test keeps the two equal.
 */
export function modelTableMarkdown(table: ModelTable): string {
  const entries = Object.entries(table);
  const prices = [
    row(['Model id', 'Name', 'Status', 'Input / output', '5 min / 1 h cache write', 'Cache read', 'Tier']),
    row(['---', '---', '---', '---', '---', '---', '---']),
    ...entries.map(([id, spec]) =>
      row([
        `\`${id}\``,
        spec.name,
        spec.status,
        pricesCell(spec.prices),
        `${usd(spec.prices.cacheWrite5m)} / ${usd(spec.prices.cacheWrite1h)}`,
        usd(spec.prices.cacheRead),
        tierCell(spec),
      ]),
    ),
  ];
  const rules = [
    row([
      'Model id',
      'Min. cacheable prefix',
      'Tokenizer factor',
      'Forced tool choice',
      'Sampling parameters',
      'Prefill',
      'Thinking',
      'Default effort',
      'Retires on',
      'Source (checked)',
    ]),
    row(['---', '---', '---', '---', '---', '---', '---', '---', '---', '---']),
    ...entries.map(([id, spec]) =>
      row([
        `\`${id}\``,
        count(spec.minCacheableTokens),
        String(spec.tokenizerFactor),
        yesNo(spec.forcedToolChoice),
        yesNo(spec.samplingParameters),
        yesNo(spec.assistantPrefill),
        spec.thinking,
        spec.defaultEffort ?? '—',
        spec.retiresOn ?? '—',
        `[${new URL(spec.source.url).pathname.replace(/^\/docs\/en\//, '')}](${spec.source.url}) (${spec.source.checked})`,
      ]),
    ),
  ];
  return `Prices in USD per million tokens.\n\n${prices.join('\n')}\n\n${rules.join('\n')}\n`;
}

/** Marks around the generated table in docs/models.md. */
export const modelTableMarks = {
  start: '<!-- model-table:start (generated: pnpm run docs) -->',
  end: '<!-- model-table:end -->',
} as const;

/**
 * `document` with the text between {@link modelTableMarks} replaced by `table`.
 * @throws Error when the marks are missing or out of order.
 */
export function replaceModelTableSection(document: string, table: string): string {
  const start = document.indexOf(modelTableMarks.start);
  const end = document.indexOf(modelTableMarks.end);
  if (start < 0 || end < start) throw new Error('docs/models.md lacks the model-table marks');
  return `${document.slice(0, start + modelTableMarks.start.length)}\n\n${table}\n${document.slice(end)}`;
}
