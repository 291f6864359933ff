import { readFileCapped } from '@quarry/env';
import { workflowFileLimits } from './workflow-file-limits';

/** A file's UTF-8 text, at most `maxFileBytes`, or what is wrong with it (never a throw). */
export function readCappedText(path: string): string | { problem: string } {
  const maxBytes = workflowFileLimits.maxFileBytes;
  let read: ReturnType<typeof readFileCapped>;
  try {
    read = readFileCapped({ path, maxBytes });
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    return { problem: `cannot be read (${code})` };
  }
  if (read.kind === 'not-a-file') return { problem: 'not a regular file' };
  if (read.kind === 'too-large') return { problem: `larger than ${maxBytes.toLocaleString('en-US')} bytes` };
  try {
    // The decoder drops a leading byte-order mark (as editors on Windows write), which JSON.parse refuses.
    return new TextDecoder('utf-8', { fatal: true }).decode(read.bytes);
  } catch {
    return { problem: 'not UTF-8 text' };
  }
}
