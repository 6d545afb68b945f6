/**
 * Reading PDFs back in the tests with poppler-utils (`pdftotext`, `pdffonts`).
 * A missing tool fails the test with the command that installs it: the PDF
 * tests never skip silently.
 */
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export const POPPLER_HINT = 'the PDF tests read PDFs with poppler-utils: apt-get install -y poppler-utils';

/** Run a poppler tool; a missing tool is an error naming the package to install. */
export function runTool(tool: string, args: string[]): string {
  try {
    return execFileSync(tool, args, { encoding: 'utf8', stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') throw new Error(`${tool} not found: ${POPPLER_HINT}`);
    throw e;
  }
}

function withFile<T>(pdf: Buffer, fn: (file: string) => T): T {
  const dir = mkdtempSync(join(tmpdir(), 'kiosk-pdf-'));
  try {
    const file = join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return fn(file);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Collapse runs of blanks (the column gaps of `-layout`) into one space. */
export function squash(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

/** The text of each page (`pdftotext -layout`), lines squashed, blank lines dropped. */
export function pdfPages(pdf: Buffer): string[][] {
  const text = withFile(pdf, (file) => runTool('pdftotext', ['-layout', '-enc', 'UTF-8', file, '-']));
  const pages = text.split('\f');
  if (pages.at(-1)?.trim() === '') pages.pop();
  return pages.map((page) => page.split('\n').map(squash).filter(Boolean));
}

export interface PdfFont {
  name: string;
  type: string;
  embedded: boolean;
  subset: boolean;
  unicode: boolean;
}

/** The fonts of a PDF as `pdffonts` lists them. */
export function pdfFonts(pdf: Buffer): PdfFont[] {
  const out = withFile(pdf, (file) => runTool('pdffonts', [file]));
  return out
    .split('\n')
    .slice(2)
    .filter((l) => l.trim())
    .map((line) => {
      // name type… encoding emb sub uni object ID (the type may hold a space).
      const t = line.trim().split(/\s+/);
      const at = (i: number) => t[t.length - i] ?? '';
      return { name: t[0] ?? '', type: t.slice(1, -6).join(' '), embedded: at(5) === 'yes', subset: at(4) === 'yes', unicode: at(3) === 'yes' };
    });
}

/** `pdfinfo -isodates` as a map (Title, Author, CreationDate, Pages, Page size…). */
export function pdfInfo(pdf: Buffer): Record<string, string> {
  const out = withFile(pdf, (file) => runTool('pdfinfo', ['-isodates', file]));
  const info: Record<string, string> = {};
  for (const line of out.split('\n')) {
    const m = /^([^:]+):\s*(.*)$/.exec(line);
    if (m) info[m[1]!] = m[2]!;
  }
  return info;
}
