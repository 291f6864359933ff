export * from './build-samples';
export * from './load-samples';
export * from './read-sample-file';
export * from './sample';
export * from './sample-file-error';
