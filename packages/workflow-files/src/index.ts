export { DataRule } from './data-rule';
export { DataRuleError, type DataRuleFailure } from './data-rule-error';
export { DataWorkflowFile } from './data-workflow-file';
export { loadTenantsFiles } from './load-tenants-files';
export { type LoadedFile, loadWorkflowFile } from './load-workflow-file';
export { tenantsEnv } from './tenants-env';
export {
  type LoadWorkflowCatalogOptions,
  loadWorkflowCatalog,
  type WorkflowCatalog,
  type WorkflowSource,
} from './workflow-catalog';
export { problemLine, WorkflowFileError, type WorkflowFileProblem } from './workflow-file-error';
export { workflowFileLimits } from './workflow-file-limits';
export { workflowsEnv } from './workflows-env';
