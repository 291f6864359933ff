import { imageMediaTypes } from './sniff-media-type';

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const listed = (values: readonly string[]): string => values.map((value) => `'${value}'`).join(', ');

const documentSources = ['base64', 'text', 'content', 'url', 'file'];
const imageSources = ['base64', 'url', 'file'];

/**
 * The first problem with the shape of a `document` or `image` block (`.source.media_type: Input
 * should be 'application/pdf'`), as a path suffix and message, or null. Documents take
 * `base64` (a PDF), `text` (`text/plain`), `content` (text and image blocks), `url` and `file`
 * (`file_id`) sources; images `base64` (JPEG, PNG, GIF, WebP), `url` and `file`. The bytes
 * themselves are checked once the source is read.
 */
export function documentBlockProblem(block: Record<string, unknown>): string | null {
  const source = block.source;
  if (source === undefined) return '.source: Field required';
  if (!isRecord(source) || typeof source.type !== 'string') return '.source.type: Field required';
  const kinds = block.type === 'image' ? imageSources : documentSources;
  if (!kinds.includes(source.type)) return `.source.type: Input should be ${listed(kinds)}`;
  const at = `.source.${source.type}`;
  switch (source.type) {
    case 'base64': {
      const types = block.type === 'image' ? [...imageMediaTypes] : ['application/pdf'];
      if (typeof source.media_type !== 'string' || !types.includes(source.media_type))
        return `${at}.media_type: Input should be ${listed(types)}`;
      if (typeof source.data !== 'string' || source.data.length === 0) return `${at}.data: Field required`;
      if (source.data.length % 4 !== 0 || !/^[A-Za-z0-9+/]*={0,2}$/.test(source.data))
        return `${at}.data: Input should be valid base64`;
      return null;
    }
    case 'text':
      if (source.media_type !== 'text/plain') return `${at}.media_type: Input should be 'text/plain'`;
      return typeof source.data === 'string' ? null : `${at}.data: Field required`;
    case 'content':
      if (typeof source.content === 'string') return null;
      if (!Array.isArray(source.content)) return `${at}.content: Input should be a string or a list`;
      for (const [index, part] of source.content.entries()) {
        if (!isRecord(part) || (part.type !== 'text' && part.type !== 'image'))
          return `${at}.content.${index}.type: Input should be 'text', 'image'`;
        if (part.type === 'text' && typeof part.text !== 'string')
          return `${at}.content.${index}.text: Field required`;
      }
      return null;
    case 'url':
      if (typeof source.url !== 'string') return `${at}.url: Field required`;
      return URL.canParse(source.url) && /^https?:$/.test(new URL(source.url).protocol)
        ? null
        : `${at}.url: Input should be a valid http or https URL`;
    default:
      return typeof source.file_id === 'string' && source.file_id.length > 0
        ? null
        : `${at}.file_id: Field required`;
  }
}
