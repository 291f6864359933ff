import { toOutputJsonSchema, type WorkflowRegistry } from '@quarry/core';
import { Router } from 'express';
import { z } from 'zod';
import { apiKeyOf, inScope } from '../api-key-auth';

/** One workflow version as `GET /v1/workflows` lists it. */
export const WorkflowView = z.object({
  name: z.string(),
  version: z.number().int(),
  latest: z.boolean(),
  description: z.string(),
  /** The JSON Schema of the result's `data`. */
  outputSchema: z.record(z.string(), z.unknown()),
});
export type WorkflowView = z.infer<typeof WorkflowView>;

/** `GET /v1/workflows`: the workflow versions the key may use, with their output JSON Schemas. */
export function workflowsRoute(options: { readonly registry: WorkflowRegistry }): Router {
  const router = Router();
  router.get('/v1/workflows', (_req, res) => {
    const info = apiKeyOf(res);
    const workflows: WorkflowView[] = options.registry
      .list()
      .filter((workflow) => inScope(info, workflow.name))
      .map((workflow) => ({
        name: workflow.name,
        version: workflow.version,
        latest: options.registry.latestVersion(workflow.name) === workflow.version,
        description: workflow.description,
        outputSchema: toOutputJsonSchema(workflow.output) as Record<string, unknown>,
      }))
      .sort((a, b) => a.name.localeCompare(b.name) || a.version - b.version);
    res.json({ workflows });
  });
  return router;
}
