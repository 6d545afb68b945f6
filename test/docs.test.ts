/**
 * The README and docs/ hold together: every relative link (and image) points
 * at a file that exists, and at a heading that exists when it names one; the
 * README stays short enough for a newcomer; no text cites the rules by a
 * number of our own notes instead of the law by its name.
 */
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

const ROOT = resolve(import.meta.dirname, '..');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const FILES = [join(ROOT, 'README.md'), ...markdownFiles(join(ROOT, 'docs'))];

/** The text outside fenced code blocks and inline code, where a link is a link. */
function prose(text: string): string {
  return text.replace(/^```[\s\S]*?^```/gm, '').replace(/`[^`\n]*`/g, '');
}

/** GitHub's anchor of a heading: lower case, punctuation dropped, spaces to dashes. */
export function anchorOf(heading: string): string {
  return heading
    .trim()
    .toLowerCase()
    .replace(/`/g, '')
    .replace(/[^\p{L}\p{N}\s_-]/gu, '')
    .replace(/\s/g, '-');
}

function anchorsOf(file: string): Set<string> {
  const seen = new Map<string, number>();
  const anchors = new Set<string>();
  for (const m of readFileSync(file, 'utf8').replace(/^```[\s\S]*?^```/gm, '').matchAll(/^#{1,6} (.+)$/gm)) {
    const base = anchorOf(m[1]!);
    const n = seen.get(base) ?? 0;
    seen.set(base, n + 1);
    anchors.add(n === 0 ? base : `${base}-${n}`);
  }
  return anchors;
}

/** Every relative link of a file: [text](target) and ![alt](target), with where it points. */
function relativeLinks(file: string): { target: string; path: string; anchor: string | null }[] {
  const links = [...prose(readFileSync(file, 'utf8')).matchAll(/!?\[[^\]]*\]\(([^)\s]+)(?:\s+"[^"]*")?\)/g)].map((m) => m[1]!);
  return links
    .filter((t) => !/^[a-z][a-z0-9+.-]*:/i.test(t))
    .map((target) => {
      const [path, anchor] = target.split('#') as [string, string | undefined];
      return { target, path: path === '' ? file : resolve(dirname(file), decodeURIComponent(path)), anchor: anchor ?? null };
    });
}

describe('the README and docs/', () => {
  it('finds the documents', () => {
    expect(FILES.length).toBeGreaterThan(10);
  });

  it.each(FILES.map((f) => [relative(ROOT, f), f]))('every relative link of %s resolves', (_name, file) => {
    const broken = relativeLinks(file)
      .filter(({ path, anchor }) => {
        if (!existsSync(path)) return true;
        if (anchor === null || !path.endsWith('.md')) return false;
        return !anchorsOf(path).has(anchor);
      })
      .map((l) => l.target);
    expect(broken).toEqual([]);
  });

  it('the README is at most 300 lines', () => {
    expect(readFileSync(join(ROOT, 'README.md'), 'utf8').split('\n').length).toBeLessThanOrEqual(300);
  });

  it('no text cites "SPEC n": the law is cited by its name', () => {
    const citing = FILES.filter((f) => /\bSPEC(\.md)?\b/.test(readFileSync(f, 'utf8'))).map((f) => relative(ROOT, f));
    expect(citing).toEqual([]);
  });

  it("GitHub's anchors, as the links use them", () => {
    expect(anchorOf('Backups and the audit check')).toBe('backups-and-the-audit-check');
    expect(anchorOf("The group's report")).toBe('the-groups-report');
    expect(anchorOf('The casino caixa (Portaria 1441/95, n.º 2-14)')).toBe('the-casino-caixa-portaria-144195-nº-2-14');
  });
});
