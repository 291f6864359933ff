export * from './data-rule';
export * from './data-rule-error';
export * from './data-workflow-file';
export * from './load-workflow-file';
export * from './workflow-catalog';
export * from './workflow-file-error';
export * from './workflow-file-limits';
export * from './workflows-env';
