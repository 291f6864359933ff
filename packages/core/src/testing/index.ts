export * from '../attempts/in-memory-attempt-store';
export * from '../history/in-memory-history-store';
export * from './fake-model-client';
