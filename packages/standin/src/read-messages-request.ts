import type { IncomingHttpHeaders } from 'node:http';
import type { ModelTable } from '@quarry/core';
import { modelRuleProblem } from './model-rules';
import { type RequestValidation, validateMessagesRequest } from './validate-messages-request';

/**
 * A request body checked the way the API checks it, naming the first problem for a 400
 * `invalid_request_error`: JSON, then the wire format, then the rules of the models it names.
 */
export function readMessagesRequest(options: {
  readonly raw: Buffer;
  readonly headers: IncomingHttpHeaders;
  readonly models: ModelTable;
}): RequestValidation {
  let parsed: unknown;
  try {
    parsed = JSON.parse(options.raw.toString('utf8'));
  } catch (error) {
    return { ok: false, message: `The request body is not valid JSON: ${(error as Error).message}` };
  }
  const validation = validateMessagesRequest(parsed);
  if (!validation.ok) return validation;
  const problem = modelRuleProblem({
    body: validation.body,
    headers: options.headers,
    models: options.models,
  });
  return problem ? { ok: false, message: problem } : validation;
}
