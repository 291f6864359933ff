import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, StandardFonts } from 'pdf-lib';

/** A glyph outline as the bundled fontkit draws it (its typings leave these methods out). */
interface GlyphPath {
  scale(x: number, y: number): GlyphPath;
  translate(x: number, y: number): GlyphPath;
  toSVG(): string;
}

/** The font the outlined layouts draw with: units per em, and each character's outline and advance. */
export interface OutlineFont {
  readonly unitsPerEm: number;
  covers(character: string): boolean;
  glyphFor(character: string): { readonly path: GlyphPath; readonly advanceWidth: number };
}

let outline: OutlineFont | undefined;
let courier: Promise<PDFFont> | undefined;

/** DejaVu Sans Mono (Latin subset, from `@fontsource/dejavu-mono`), parsed once. */
export function outlineFont(): OutlineFont {
  if (!outline) {
    const require = createRequire(import.meta.url);
    const dir = dirname(require.resolve('@fontsource/dejavu-mono/LICENSE'));
    const font = fontkit.create(readFileSync(join(dir, 'files', 'dejavu-mono-latin-400-normal.woff')));
    outline = {
      unitsPerEm: font.unitsPerEm,
      covers: (character) => font.hasGlyphForCodePoint(character.codePointAt(0) ?? 0),
      glyphFor: (character) => {
        const glyph = font.glyphForCodePoint(character.codePointAt(0) ?? 0);
        return { path: glyph.path as unknown as GlyphPath, advanceWidth: glyph.advanceWidth };
      },
    };
  }
  return outline;
}

/**
 * True when both fonts can draw every character of the text (line breaks aside): Courier's
 * WinAnsi encoding (Latin-1 and a few more) and the outline font's Latin subset. Not the Japanese
 * invoices.
 */
export async function fontCovers(text: string): Promise<boolean> {
  courier ??= PDFDocument.create().then((doc) => doc.embedFont(StandardFonts.Courier));
  const flat = text.replaceAll('\n', '');
  try {
    (await courier).encodeText(flat);
  } catch {
    return false;
  }
  const font = outlineFont();
  return [...flat].every((character) => font.covers(character));
}
