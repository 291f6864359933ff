import Anthropic from '@anthropic-ai/sdk';
import type { MessageCreateParamsNonStreaming, MessageParam } from '@anthropic-ai/sdk/resources/messages';
import { toMessageParams } from '@quarry/anthropic';
import { type AnyWorkflow, buildRequest, extractDefaults } from '@quarry/core';
import type { JobData } from '@quarry/queue';
import { defaultRegistry } from '@quarry/workflows';
import type { Job } from 'bullmq';

/** Replies a job may get before it fails (the first call and two more). */
const TRIES = 3;

/** Stands for the document while the request template of a workflow is built. */
const PLACEHOLDER = '\u0000document\u0000';

/** The request a user would write once per workflow: Quarry's prompt and schema, the document left open. */
interface RequestTemplate {
  readonly params: Omit<MessageCreateParamsNonStreaming, 'messages'>;
  /** The first user text around the document, and the task text after it. */
  readonly before: string;
  readonly after: string;
  readonly task: string;
  readonly workflow: AnyWorkflow;
}

function templateOf(workflow: AnyWorkflow): RequestTemplate {
  const { messages, ...params } = toMessageParams(
    buildRequest({
      workflow,
      input: { text: PLACEHOLDER },
      model: workflow.model ?? extractDefaults.modelId,
      maxTokens: extractDefaults.maxTokens,
      strategy: 'structured',
    }),
  );
  const content = messages[0]?.content;
  const texts = Array.isArray(content) ? content.flatMap((b) => (b.type === 'text' ? [b.text] : [])) : [];
  const [before = '', after = ''] = (texts[0] ?? '').split(PLACEHOLDER);
  return { params: { ...params, stream: false }, before, after, task: texts.at(-1) ?? '', workflow };
}

/**
 * The processor of the hand-written worker the scale-out line compares with: what a user writes with
 * BullMQ, `@anthropic-ai/sdk` and zod. The request of each workflow is built once (the same prompt and
 * JSON schema as Quarry's); each job sends its document, parses the reply's text as JSON and checks it
 * with the workflow's zod schema, and asks again (the reply and the problems as feedback) up to three
 * replies in all. The SDK retries 429s and 5xx on its own; the validated data is the job's result.
 */
export function handWrittenProcessor(options: { readonly baseURL: string }) {
  const registry = defaultRegistry();
  const client = new Anthropic({ apiKey: 'bench', baseURL: options.baseURL });
  const templates = new Map<string, RequestTemplate>();
  return async (job: Job<JobData>): Promise<unknown> => {
    const key = `${job.data.workflow}@${job.data.version ?? ''}`;
    let template = templates.get(key);
    if (!template) {
      template = templateOf(registry.get(job.data.workflow, job.data.version ?? null));
      templates.set(key, template);
    }
    const text = (job.data.input as { text: string }).text;
    const messages: MessageParam[] = [
      {
        role: 'user',
        content: [
          { type: 'text', text: `${template.before}${text}${template.after}` },
          { type: 'text', text: template.task },
        ],
      },
    ];
    let problems = '';
    for (let tries = 1; tries <= TRIES; tries += 1) {
      const message = await client.messages.create({ ...template.params, messages });
      const reply = message.content.flatMap((block) => (block.type === 'text' ? [block.text] : [])).join('');
      try {
        const checked = template.workflow.output.safeParse(JSON.parse(reply));
        if (checked.success) return checked.data;
        problems = checked.error.issues
          .map((issue) => `${issue.path.join('.')}: ${issue.message}`)
          .join('\n');
      } catch (error) {
        problems = `not JSON: ${(error as Error).message}`;
      }
      messages.push(
        { role: 'assistant', content: reply },
        { role: 'user', content: `Fix these problems and answer again:\n${problems}` },
      );
    }
    throw new Error(`No valid reply in ${TRIES} tries: ${problems}`);
  };
}
