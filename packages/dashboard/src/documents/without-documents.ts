/** What stands in for a hidden document, quote or model reply. */
const HIDDEN_DOCUMENT = '[hidden: documents are shown to admins only]';

/** Keys whose values hold or quote a document, wherever they occur. */
const DOCUMENT_KEYS = new Set([
  // the workflow input: the document's text, or the document itself with its blob key
  'input',
  // provenance: the document's words behind a value
  'quote',
  // the model's reply, which quotes the document
  'rawOutput',
]);

/**
 * Job data, a job's result or a DLQ record as someone who may not see documents is shown it: every
 * `input`, `quote` and `rawOutput` replaced by {@link HIDDEN_DOCUMENT}; everything else as it is.
 */
export function withoutDocuments(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(withoutDocuments);
  if (typeof value !== 'object' || value === null) return value;
  return Object.fromEntries(
    Object.entries(value).map(([key, item]) => [
      key,
      DOCUMENT_KEYS.has(key) ? HIDDEN_DOCUMENT : withoutDocuments(item),
    ]),
  );
}
