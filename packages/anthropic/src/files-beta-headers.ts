import type { ModelRequest } from '@quarry/core';
import { filesApiBeta } from './create-files-uploader';

/** Whether a request references a document by Files API id (`source: { type: 'file' }`). */
export function referencesFiles(request: ModelRequest): boolean {
  return request.messages.some((message) =>
    message.content.some((part) => part.type === 'document' && part.ref.type === 'file'),
  );
}

/**
 * SDK request options naming the Files API beta (`anthropic-beta: files-api-2025-04-14`) when any of
 * the requests references a file by id, as the Files API guide's Messages example does
 * (docs.claude.com, build-with-claude/files, consulted 2026-11-24); none otherwise. For a Messages
 * call or a whole Message Batch (the header is the batch create's, not each entry's).
 */
export function filesBetaHeaders(requests: readonly ModelRequest[]): {
  readonly headers?: { readonly 'anthropic-beta': string };
} {
  return requests.some(referencesFiles) ? { headers: { 'anthropic-beta': filesApiBeta } } : {};
}
