export * from './bad-document-error';
export * from './bad-payload-error';
export * from './decide-failure';
export * from './failure-decision';
export * from './full-jitter-backoff';
export * from './invalid-job-data-error';
