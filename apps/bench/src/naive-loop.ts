import {
  type AnyWorkflow,
  addUsage,
  buildRequest,
  emptyUsage,
  type ModelClient,
  type ModelMessage,
  renderFeedback,
  type Usage,
  validateReply,
} from '@quarry/core';

/** What the naive loop spent on one document. */
export interface NaiveOutcome {
  readonly valid: boolean;
  readonly calls: number;
  readonly usage: Usage;
}

/**
 * The baseline of the token-economics line: the retry loop most code starts with. Same prompt,
 * schema, validation and feedback text as Quarry's first request, but every retry resends the whole
 * growing transcript (each earlier reply and its feedback), nothing is marked for prompt caching,
 * and it stops only at a valid reply or after `maxAttempts` calls.
 */
export async function naiveExtract(options: {
  readonly model: ModelClient;
  readonly workflow: AnyWorkflow;
  readonly input: unknown;
  readonly modelId: string;
  readonly maxAttempts: number;
}): Promise<NaiveOutcome> {
  const { workflow, input } = options;
  const first = buildRequest({
    workflow,
    input,
    model: options.modelId,
    maxTokens: 4096,
    strategy: 'structured',
  });
  const messages: ModelMessage[] = first.messages.map((message) => ({
    role: message.role,
    content: message.content.map((part) => (part.type === 'text' ? { type: 'text', text: part.text } : part)),
  }));
  let usage = emptyUsage();
  for (let call = 1; call <= options.maxAttempts; call += 1) {
    const response = await options.model.generate({ ...first, messages: [...messages] });
    usage = addUsage(usage, response.usage);
    const verdict = await validateReply({
      response,
      workflow,
      input,
      strategy: 'structured',
      toolName: first.toolName,
    });
    if (verdict.outcome === 'valid') return { valid: true, calls: call, usage };
    if (verdict.outcome !== 'invalid') return { valid: false, calls: call, usage };
    messages.push(
      { role: 'assistant', content: [{ type: 'text', text: verdict.rawOutput }] },
      { role: 'user', content: [{ type: 'text', text: renderFeedback({ issues: verdict.issues }) }] },
    );
  }
  return { valid: false, calls: options.maxAttempts, usage };
}
