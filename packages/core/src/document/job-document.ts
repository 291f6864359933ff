import { z } from 'zod';
import { DocumentMediaType } from './document-media-type';
import { DocumentSource } from './document-source';

/**
 * A document a job's input carries instead of (or beside) text: its media type and where its bytes
 * are. Large documents go by reference (`blob`, `url`) so Redis never holds them.
 */
export const JobDocument = z
  .strictObject(
    { mediaType: DocumentMediaType, source: DocumentSource },
    {
      error: (issue) =>
        issue.code === 'invalid_type' ? 'must be an object { mediaType, source }' : undefined,
    },
  )
  .describe('A PDF or an image, by blob key, URL or (small) inline base64.');
export type JobDocument = z.infer<typeof JobDocument>;
