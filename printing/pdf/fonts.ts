/**
 * The fonts of every PDF: DejaVu, from the `dejavu-fonts-ttf` package, embedded
 * (subset) in each document so that accents, `º ª` and `€` always print and
 * extract. PDFKit's standard 14 fonts are never used: they are not embedded and
 * their WinAnsi encoding loses characters.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';

const require = createRequire(import.meta.url);

/** The folder holding the DejaVu TTF files. */
const FONT_DIR = join(dirname(require.resolve('dejavu-fonts-ttf/package.json')), 'ttf');

/** The faces the documents use, by role. Condensed faces fit the wide tables. */
const FONT_FILES = {
  regular: 'DejaVuSans.ttf',
  bold: 'DejaVuSans-Bold.ttf',
  condensed: 'DejaVuSansCondensed.ttf',
  condensedBold: 'DejaVuSansCondensed-Bold.ttf',
} as const;

type FontRole = keyof typeof FONT_FILES;
const FONT_ROLES = Object.keys(FONT_FILES) as FontRole[];

/** The absolute path of a face's TTF file. */
export function fontPath(role: FontRole): string {
  return join(FONT_DIR, FONT_FILES[role]);
}

const cache = new Map<FontRole, Buffer>();

/** The bytes of a face (read once per process). */
function fontData(role: FontRole): Buffer {
  let data = cache.get(role);
  if (!data) {
    data = readFileSync(fontPath(role));
    cache.set(role, data);
  }
  return data;
}

/** Register every face on a document under its role name (`doc.font('bold')`). */
export function registerFonts(doc: PDFKit.PDFDocument): void {
  for (const role of FONT_ROLES) doc.registerFont(role, fontData(role));
}
