/** Where a worker stands, shared by its start, its close, its processor and its readiness check. */
export interface WorkerRunState {
  /** True once the worker began closing: a job fetched from then on goes straight back. */
  stopping: boolean;
  /** True once the worker took up jobs. */
  running: boolean;
}
