import type { ModelRequest } from './model-request';
import type { ModelResponse } from './model-response';

/**
 * Port: something that sends a {@link ModelRequest} to a model.
 * Transport failures (rate limits, 5xx, network, bad requests) must be thrown as
 * `ModelTransportError`; a reply with content is always returned, never thrown.
 */
export interface ModelClient {
  generate(request: ModelRequest, options?: { readonly signal?: AbortSignal }): Promise<ModelResponse>;
}
