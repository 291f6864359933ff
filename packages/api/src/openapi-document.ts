import { jobDataJsonSchema } from '@quarry/queue';
import { z } from 'zod';
import { ApiErrorBody } from './api-error';
import { EnqueuedJobView, JobView } from './job-view';
import { WorkflowView } from './routes/workflows-route';

const schema = (type: z.ZodType) => {
  const { $schema: _, ...json } = z.toJSONSchema(type, {
    target: 'draft-2020-12',
    io: 'output',
    unrepresentable: 'any',
  });
  return json;
};

const error = (description: string) => ({
  description,
  content: { 'application/json': { schema: { $ref: '#/components/schemas/Error' } } },
});

const errors = {
  '400': error('invalid_request or invalid_json'),
  '401': error('unauthorized: no key, an unknown key or a revoked key'),
  '429': error('rate_limited (with Retry-After)'),
  '500': error('internal: an unexpected failure (logged by name only)'),
  '503': error('unavailable: Redis or the blob store did not answer in time'),
};

const jobId = {
  name: 'id',
  in: 'path',
  required: true,
  schema: { type: 'string', pattern: '^[A-Za-z0-9._:@-]{1,256}$' },
};

/** The job contract as `POST /v1/jobs` takes it: `part` and `lineage` are set by workers and replays only. */
function apiJobData(): Record<string, unknown> {
  const { $schema: _, ...jobData } = jobDataJsonSchema();
  const { part: _part, lineage: _lineage, ...properties } = jobData.properties as Record<string, unknown>;
  return {
    ...jobData,
    properties,
    description:
      'The job contract (docs/job-data.schema.json) without part and lineage. A document is a url or base64 source in input.document; upload bytes as multipart/form-data instead of a blob source.',
  };
}

/**
 * The OpenAPI 3.1 document of the HTTP API (`GET /openapi.json`), its schemas generated from the zod
 * schemas with zod's own `z.toJSONSchema` (JSON Schema 2020-12, which OpenAPI 3.1 uses as it is).
 */
export function openApiDocument(): Record<string, unknown> {
  return {
    openapi: '3.1.0',
    info: { title: 'Quarry HTTP API', version: '1' },
    components: {
      securitySchemes: {
        apiKey: { type: 'http', scheme: 'bearer', description: 'An API key from quarry api-keys create' },
      },
      schemas: {
        JobData: apiJobData(),
        Job: schema(JobView),
        EnqueuedJob: schema(EnqueuedJobView),
        Workflow: schema(WorkflowView),
        Error: schema(ApiErrorBody),
      },
    },
    security: [{ apiKey: [] }],
    paths: {
      '/v1/jobs': {
        post: {
          summary: 'Enqueue a job',
          parameters: [
            {
              name: 'Idempotency-Key',
              in: 'header',
              required: false,
              description:
                'The same key and body return the first job (200); another body with the key is 409 idempotency_conflict.',
              schema: { type: 'string', pattern: '^[\\x21-\\x7e]{1,200}$' },
            },
            {
              name: 'traceparent',
              in: 'header',
              required: false,
              description:
                "W3C Trace Context: put into the job's trace (winning over the body's trace); the worker's job span links to it. A value that is not W3C is ignored, never an error.",
              schema: { type: 'string', maxLength: 256 },
            },
            {
              name: 'tracestate',
              in: 'header',
              required: false,
              description: 'W3C Trace Context: kept beside a valid traceparent when at most 512 characters.',
              schema: { type: 'string' },
            },
          ],
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: { $ref: '#/components/schemas/JobData' } },
              'multipart/form-data': {
                schema: {
                  type: 'object',
                  required: ['job', 'document'],
                  properties: {
                    job: { type: 'string', description: 'The job data as JSON, without input.document' },
                    document: { type: 'string', format: 'binary', description: 'A PDF or an image' },
                  },
                },
              },
            },
          },
          responses: {
            '202': {
              description: 'Enqueued',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/EnqueuedJob' } } },
            },
            '200': {
              description: 'The job of an earlier request with this Idempotency-Key and body',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/EnqueuedJob' } } },
            },
            ...errors,
            '403': error('forbidden_workflow or forbidden_tenant'),
            '409': error('idempotency_conflict'),
            '413': error('payload_too_large'),
            '415': error('unsupported_media_type'),
            '422': error('invalid_job or invalid_document'),
          },
        },
      },
      '/v1/jobs/{id}': {
        get: {
          summary: 'Where a job stands',
          parameters: [jobId],
          responses: {
            '200': {
              description: 'The job',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } },
            },
            ...errors,
            '404': error('not_found'),
          },
        },
      },
      '/v1/jobs/{id}/result': {
        get: {
          summary: 'Wait for a job to finish',
          parameters: [
            jobId,
            {
              name: 'wait',
              in: 'query',
              required: false,
              schema: { type: 'integer', minimum: 0, maximum: 999_999 },
              description: 'Seconds to wait (default 0; clamped to API_MAX_WAIT_SECONDS)',
            },
          ],
          responses: {
            '200': {
              description: 'Completed (result) or dead-lettered (deadLetter)',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } },
            },
            '202': {
              description: 'Not finished yet',
              content: { 'application/json': { schema: { $ref: '#/components/schemas/Job' } } },
            },
            ...errors,
            '404': error('not_found'),
          },
        },
      },
      '/v1/workflows': {
        get: {
          summary: 'The workflows this key may use',
          responses: {
            '200': {
              description: 'Workflow versions',
              content: {
                'application/json': {
                  schema: {
                    type: 'object',
                    properties: {
                      workflows: { type: 'array', items: { $ref: '#/components/schemas/Workflow' } },
                    },
                  },
                },
              },
            },
            ...errors,
          },
        },
      },
    },
  };
}
