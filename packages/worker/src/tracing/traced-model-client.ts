import { type ModelClient, ModelTransportError } from '@quarry/core';
import { BatchParkedError } from '../batch/batch-parked-error';
import { type JobRunTrace, responseAttributes } from './job-run-trace';

/**
 * Wraps a job run's model client so each call is a `chat <model>` span under its attempt's span.
 * A batch-lane call that parks ends its span naming the batch it waits on (`quarry.batch.id`, or
 * none while it waits to be collected); a failed call records its error. With tracing off the
 * client is returned as it is.
 */
export function tracedModelClient(model: ModelClient, trace: JobRunTrace, enabled: boolean): ModelClient {
  if (!enabled) return model;
  return {
    async generate(request, options) {
      const span = trace.modelCall(request, options?.attempt);
      try {
        const response = await model.generate(request, options);
        span.setAttributes(responseAttributes(response));
        span.end({ status: 'ok' });
        return response;
      } catch (error) {
        if (error instanceof BatchParkedError) {
          span.setAttributes({
            'quarry.lane': 'batch',
            'quarry.batch.parked': true,
            'quarry.batch.ref': error.ref,
            'quarry.batch.id': error.batchId ?? undefined,
          });
          span.end({ status: 'unset' });
        } else {
          span.setAttributes({
            'error.type': error instanceof ModelTransportError ? `transport_${error.kind}` : 'error',
          });
          span.end({ status: 'error', error });
        }
        throw error;
      }
    },
  };
}
