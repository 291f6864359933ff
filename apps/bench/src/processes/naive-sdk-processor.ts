import { createAnthropicModelClient } from '@quarry/anthropic';
import { buildRequest, extractDefaults } from '@quarry/core';
import type { JobData } from '@quarry/queue';
import { defaultRegistry } from '@quarry/workflows';
import type { Job } from 'bullmq';

/** Retries the SDK makes on its own by default (`maxRetries` of `@anthropic-ai/sdk`), 429s included. */
const SDK_DEFAULT_RETRIES = 2;

/**
 * The processor of the naive worker the pacing line compares with: BullMQ plus the SDK and nothing
 * else. Each job sends Quarry's first request for its document once, and leaves 429s to the SDK's
 * own retries (exponential backoff with jitter, honouring retry-after); a call still refused fails
 * the job.
 */
export function naiveSdkProcessor(options: { readonly baseURL: string }) {
  const registry = defaultRegistry();
  const model = createAnthropicModelClient({
    apiKey: 'bench',
    baseURL: options.baseURL,
    maxRetries: SDK_DEFAULT_RETRIES,
  });
  return async (job: Job<JobData>): Promise<void> => {
    const workflow = registry.get(job.data.workflow, job.data.version ?? null);
    const request = buildRequest({
      workflow,
      input: job.data.input,
      model: workflow.model ?? extractDefaults.modelId,
      maxTokens: extractDefaults.maxTokens,
      strategy: 'structured',
    });
    await model.generate(request);
  };
}
