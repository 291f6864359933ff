/** A closing tag of the default wrapper in any spelling a reader might accept (`</document>`, `< /DOCUMENT`). */
const CLOSES_DOCUMENT = /<\s*\/\s*document/i;

/**
 * The document as the first block of the prompt: `<document>` … `</document>`, or, when the text
 * itself holds something that reads as `</document`, a fence the text does not contain:
 * `<document-1a2b3c4d>` … `</document-1a2b3c4d>`, its suffix a hash of the text (salted again
 * in the unlikely case the text holds that too). So a document can never end its own block, and
 * the block stays the same from one attempt to the next (the prompt cache keeps working).
 */
export function documentBlock(text: string): string {
  const tag = CLOSES_DOCUMENT.test(text) ? fenceFor(text) : 'document';
  return `<${tag}>\n${text}\n</${tag}>`;
}

function fenceFor(text: string): string {
  for (let salt = 0; ; salt++) {
    const tag = `document-${fnv1a(`${salt}\n${text}`)}`;
    if (!new RegExp(`<\\s*/\\s*${tag}`, 'i').test(text)) return tag;
  }
}

/** 32-bit FNV-1a over the UTF-16 code units, as 8 hex digits. */
function fnv1a(text: string): string {
  let hash = 0x811c9dc5;
  for (let index = 0; index < text.length; index++) {
    hash = Math.imul(hash ^ text.charCodeAt(index), 0x01000193);
  }
  return (hash >>> 0).toString(16).padStart(8, '0');
}
