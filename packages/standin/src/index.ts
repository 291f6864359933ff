export type { FaultKind } from './fault';
export { InvalidStandinOptionsError } from './invalid-standin-options-error';
export type {
  MessageResponse,
  MessagesRequestBody,
  RequestBlock,
  RequestMessage,
  RequestTool,
} from './messages-wire';
export { MutationKind } from './mutation';
export type { RecordedRequest } from './recorded-request';
export type { SimulationCounters } from './simulated-model';
export {
  CorpusEntry,
  FaultOptions,
  LatencyOptions,
  MistakeOptions,
  PersistentMistake,
  SimulateOptions,
  type StandinOptions,
  type StandinScript,
} from './standin-options';
export { StandinReply } from './standin-reply';
export type { DocumentCalls, StandinStats } from './standin-stats';
export { type Standin, startStandin } from './start-standin';
