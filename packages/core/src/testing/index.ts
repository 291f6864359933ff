export { InMemoryAttemptStore } from '../attempts/in-memory-attempt-store';
export { InMemoryHistoryStore, type InMemoryHistoryStoreOptions } from '../history/in-memory-history-store';
export { FakeModelClient, type FakeReply, type FakeScript, type FakeStep } from './fake-model-client';
