import type { QuarryScript } from './quarry-script';

/**
 * Forgets the file id stored for a document's bytes, only when it is still the id the caller found
 * lost (another worker may have stored a fresh upload's id meanwhile).
 * KEYS[1] the entry (`keys.documentFile(contentKey)`)
 * ARGV    the lost file id
 * Returns 1 when the entry was removed, 0 when it held another id or none.
 */
export const forgetDocumentFile1 = {
  name: 'quarryForgetDocumentFile',
  numberOfKeys: 1,
  readOnly: false,
  lua: `
if redis.call('GET', KEYS[1]) == ARGV[1] then
  return redis.call('DEL', KEYS[1])
end
return 0
`,
} as const satisfies QuarryScript;
