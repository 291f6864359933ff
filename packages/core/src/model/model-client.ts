import type { ModelRequest } from './model-request';
import type { ModelResponse } from './model-response';

/**
 * Port: something that sends a {@link ModelRequest} to a model.
 * Transport failures (rate limits, 5xx, network, bad requests) must be thrown as
 * `ModelTransportError`; a reply with content is always returned, never thrown.
 */
export interface ModelClient {
  generate(request: ModelRequest, options?: ModelCallOptions): Promise<ModelResponse>;
}

/** What a client may know about one call besides the request. */
export interface ModelCallOptions {
  readonly signal?: AbortSignal;
  /** The 1-based number of the attempt this call answers within its job (`extract` always sets it). */
  readonly attempt?: number;
}
