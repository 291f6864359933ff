import Anthropic from '@anthropic-ai/sdk';
import { createGrounder } from '@quarry/grounding';
import { loadSamples } from '@quarry/samples';
import { invoiceWorkflow } from '@quarry/workflows';
import { afterEach, describe, expect, it } from 'vitest';
import { type Standin, startStandin } from './start-standin';

const [sample] = loadSamples('invoice');
const schema = createGrounder({ output: invoiceWorkflow.output, grounding: invoiceWorkflow.grounding })
  ?.outputSchema as Anthropic.Messages.JSONOutputFormat['schema'];

let standin: Standin | undefined;
afterEach(async () => {
  await standin?.close();
  standin = undefined;
});

async function ask(value: unknown): Promise<Record<string, unknown>> {
  standin = await startStandin({ script: [{ kind: 'json', value }] });
  const client = new Anthropic({ apiKey: 'test', baseURL: standin.url, maxRetries: 0 });
  const message = await client.messages.create({
    model: 'claude-test',
    max_tokens: 4096,
    messages: [
      { role: 'user', content: [{ type: 'text', text: `<document>\n${sample?.text}\n</document>` }] },
    ],
    output_config: { format: { type: 'json_schema', schema } },
  });
  const block = message.content[0];
  if (block?.type !== 'text') throw new Error('expected a text answer');
  return JSON.parse(block.text);
}

describe('scripted answers to grounded requests', () => {
  it('quote the lines of the document that show the scripted values, null where none does', async () => {
    const invented = { ...(sample?.truth as Record<string, unknown>), invoiceNumber: 'NOT-IN-THE-DOCUMENT' };
    const answer = await ask(invented);
    const evidence = answer._evidence as Record<string, string | null>;
    expect(Object.keys(evidence)).toEqual(['vendorName', 'invoiceNumber', 'issueDate', 'total']);
    expect(evidence.invoiceNumber).toBeNull();
    for (const key of ['vendorName', 'issueDate', 'total']) {
      expect(sample?.text.split('\n').map((line) => line.trim())).toContain(evidence[key]);
    }
  });

  it('keep the evidence a script gives', async () => {
    const scripted = { _evidence: { invoiceNumber: 'made up' }, invoiceNumber: 'X' };
    expect(await ask(scripted)).toEqual(scripted);
  });
});
