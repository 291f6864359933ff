/** A sample file is missing, is not valid JSON, or holds a sample that breaks its workflow's schema. */
export class SampleFileError extends Error {
  override readonly name = 'SampleFileError';
  readonly file: string;
  /** The offending sample, when one is to blame. */
  readonly sampleId: string | null;

  constructor(options: { file: string; sampleId?: string | null; problem: string; cause?: unknown }) {
    const where = options.sampleId ? `${options.file} (sample ${options.sampleId})` : options.file;
    super(`${where}: ${options.problem}`, { cause: options.cause });
    this.file = options.file;
    this.sampleId = options.sampleId ?? null;
  }
}
