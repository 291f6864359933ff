import type { MessageCreateParamsNonStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import type { CorpusEntry } from './standin-options';

/** Test fixture: a tiny invoice corpus, its answer schema and request builders. */
export const invoiceText = [
  'INVOICE INV-100',
  'Vendor: Acme Tools',
  'Issued 2024-03-01, due 2024-03-31, amounts in EUR',
  '2 x Hammer at 12.50 = 25.00',
  '1 x Saw at 30.00 = 30.00',
  'Subtotal 55.00, tax 5.50, total 60.50',
].join('\n');

export const invoiceTruth = {
  vendorName: 'Acme Tools',
  invoiceNumber: 'INV-100',
  issueDate: '2024-03-01',
  dueDate: '2024-03-31',
  currency: 'EUR',
  status: 'open',
  lineItems: [
    { description: 'Hammer', quantity: 2, unitPrice: 12.5, amount: 25 },
    { description: 'Saw', quantity: 1, unitPrice: 30, amount: 30 },
  ],
  subtotal: 55,
  tax: 5.5,
  total: 60.5,
};

export const corpus: CorpusEntry[] = [{ workflow: 'invoice', text: invoiceText, truth: invoiceTruth }];

const number = { type: 'number', minimum: 0 };
export const invoiceSchema: { type: 'object'; required: string[]; [key: string]: unknown } = {
  type: 'object',
  properties: {
    vendorName: { type: 'string', minLength: 1 },
    invoiceNumber: { type: 'string', minLength: 1 },
    issueDate: { type: 'string', format: 'date' },
    dueDate: { type: 'string', format: 'date' },
    currency: { type: 'string', pattern: '^[A-Z]{3}$' },
    status: { type: 'string', enum: ['open', 'paid', 'void'] },
    lineItems: {
      type: 'array',
      minItems: 1,
      items: {
        type: 'object',
        properties: { description: { type: 'string' }, quantity: number, unitPrice: number, amount: number },
        required: ['description', 'quantity', 'unitPrice', 'amount'],
        additionalProperties: false,
      },
    },
    subtotal: number,
    tax: number,
    total: number,
  },
  required: [
    'vendorName',
    'invoiceNumber',
    'issueDate',
    'dueDate',
    'currency',
    'lineItems',
    'subtotal',
    'tax',
    'total',
  ],
  additionalProperties: false,
};

/** A structured-outputs request laid out like the extraction loop's: document, then lessons, then feedback. */
export function invoiceRequest(options: {
  readonly document?: string;
  readonly lessons?: string;
  readonly system?: string;
  readonly retry?: { readonly previous: string; readonly feedback: string };
  readonly maxTokens?: number;
}): MessageCreateParamsNonStreaming {
  const first: MessageParam = {
    role: 'user',
    content: [
      {
        type: 'text',
        text: `<document>\n${options.document ?? invoiceText}\n</document>`,
        cache_control: { type: 'ephemeral' },
      },
      ...(options.lessons ? [{ type: 'text' as const, text: options.lessons }] : []),
    ],
  };
  const retry: MessageParam[] = options.retry
    ? [
        { role: 'assistant', content: options.retry.previous },
        { role: 'user', content: options.retry.feedback },
      ]
    : [];
  return {
    model: 'claude-test',
    max_tokens: options.maxTokens ?? 2048,
    system: options.system ?? 'Extract the invoice.',
    messages: [first, ...retry],
    output_config: { format: { type: 'json_schema', schema: invoiceSchema } },
  };
}
