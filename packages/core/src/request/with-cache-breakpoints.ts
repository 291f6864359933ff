import type { ModelRequest } from '../model/model-request';
import type { CachePlacement } from './cache-placement';

/**
 * `request` with the breakpoints `placement` places: `systemCacheBreakpoint` after the shared
 * prefix, `cacheBreakpoint` on the first part of the first user turn (the document). Breakpoints
 * the placement does not place are removed.
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
              if (index > 0 || part.type !== 'text') return part;
              const { cacheBreakpoint: _document, ...text } = part;
              return placement.document.place ? { ...text, cacheBreakpoint: true } : text;
            }),
          },
    ),
  };
}
