import type { ModelRequest } from '../model/model-request';
import type { CachePlacement } from './cache-placement';

/**
 * `request` with the breakpoints `placement` places: `systemCacheBreakpoint` after the shared
 * prefix, `cacheBreakpoint` on the last part of the first user turn — the document, then the job's
 * lessons and the task, which stay the same on every attempt of the job, so a retry reads all of
 * them. Breakpoints the placement does not place are removed.
 */
export function withCacheBreakpoints(request: ModelRequest, placement: CachePlacement): ModelRequest {
  const { systemCacheBreakpoint: _shared, ...rest } = request;
  return {
    ...rest,
    ...(placement.shared.place ? { systemCacheBreakpoint: true } : {}),
    messages: request.messages.map((message, messageIndex) =>
      messageIndex > 0
        ? message
        : {
            ...message,
            content: message.content.map((part, index) => {
              if (index < message.content.length - 1 || part.type !== 'text') return part;
              const { cacheBreakpoint: _document, ...text } = part;
              return placement.document.place ? { ...text, cacheBreakpoint: true } : text;
            }),
          },
    ),
  };
}
