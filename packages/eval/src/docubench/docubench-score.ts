import { z } from 'zod';

const weight = z.number().min(0);

/** One component of a DocuBench document score: its score in [0, 1] and its weight (`total`). */
export const DocubenchPart = z.object({ score: z.number().min(0).max(1), total: weight });
export type DocubenchPart = z.infer<typeof DocubenchPart>;

/**
 * A document's score by the DocuBench rules (`scoreDocubench`): `final` is what the benchmark reports
 * per document (its `summary.csv`). `arrays` are the array fields by name (the top-level property;
 * null when none names it), each weighted by its item count × the mean non-empty leaves of a labelled
 * item; `nonArray` is the share of equal non-array leaves, weighted by how many were scored (null when
 * the schema has no non-array field).
 */
export const DocubenchScore = z.object({
  final: z.number().min(0).max(1),
  nonArray: DocubenchPart.nullable(),
  arrays: z.array(DocubenchPart.extend({ name: z.string().nullable() })),
});
export type DocubenchScore = z.infer<typeof DocubenchScore>;
