export { type ApiConfig, ApiEnv, apiVariables, loadApiConfig } from './api-config';
export { apiDefaults } from './api-defaults';
export {
  ApiError,
  ApiErrorBody,
  ApiErrorCode,
  ApiProblem,
  apiErrorStatus,
  sendApiError,
} from './api-error';
export { apiKeyAuth, apiKeyOf, inScope } from './api-key-auth';
export { API_SERVICE, createApiLogger } from './api-logger';
export { type CreateApiOptions, createApi, type QuarryApi } from './create-api';
export { ApiJobState, EnqueuedJobView, JobView, jobViewOf } from './job-view';
export { openApiDocument } from './openapi-document';
export { type JobRoutesOptions, jobRoutes } from './routes/job-routes';
export { type PostJobRouteOptions, postJobRoute, problemsOf } from './routes/post-job';
export { WorkflowView, workflowsRoute } from './routes/workflows-route';
