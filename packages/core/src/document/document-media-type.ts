import { z } from 'zod';

/** The kinds of document a job may carry: PDF and the image formats the Messages API reads. */
export const DocumentMediaType = z.enum(
  ['application/pdf', 'image/png', 'image/jpeg', 'image/webp', 'image/gif'],
  {
    error: 'must be one of application/pdf, image/png, image/jpeg, image/webp, image/gif',
  },
);
export type DocumentMediaType = z.infer<typeof DocumentMediaType>;
