/**
 * The house's rules over the whole tree: every source file has a zone (so
 * every file is under an import rule), and no SQL lives outside db/ (queries
 * and commands are db/'s functions, taking a read-only or a writable handle).
 * Files are read whole: a statement in a template literal over several lines
 * is one text (lint's boundaries/sql reads them so too, file by file).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { looksLikeSql, SQL, templateText, zoneOf } from '../tools/lint/boundaries.mjs';

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|cts|mts)$/.test(f));

/** Shipped source: what tsconfig.electron.json compiles and Vite bundles, tests left out. */
const shipped = files.filter((f) => /^(core|db|main|printing|renderer)\//.test(f) && !/\.(test|spec)\.(ts|tsx)$/.test(f));

/** A better-sqlite3 call on a handle (db, ctx.db, reader, writer...), not RegExp.exec; the call may be split over lines. */
const DRIVER = /\b\w*(db|Db|reader|writer)\s*\??\.\s*(prepare|exec|pragma|transaction)\(/g;

/**
 * Where a file holds SQL, as `file:line: text`: every string and template
 * literal read whole (its `${...}` parts as a name), a driver call even split
 * over lines, and any line that reads as SQL (a comment, JSX text).
 */
function sqlIn(file: string, source: string): string[] {
  const found: string[] = [];
  const at = (pos: number, text: string) => found.push(`${file}:${source.slice(0, pos).split('\n').length}: ${text.replace(/\s+/g, ' ').trim()}`);
  const kind = file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS;
  const visit = (node: ts.Node): void => {
    if (ts.isStringLiteralLike(node) && looksLikeSql(node.text)) at(node.getStart(), node.text);
    else if (ts.isTemplateExpression(node)) {
      const text = templateText([node.head.text, ...node.templateSpans.map((span) => span.literal.text)]);
      if (looksLikeSql(text)) at(node.getStart(), text);
    }
    ts.forEachChild(node, visit);
  };
  visit(ts.createSourceFile(file, source, ts.ScriptTarget.Latest, true, kind));
  for (const m of source.matchAll(DRIVER)) at(m.index, m[0]);
  source.split('\n').forEach((line, i) => {
    if (SQL.test(line) && !found.some((f) => f.startsWith(`${file}:${i + 1}:`))) found.push(`${file}:${i + 1}: ${line.trim()}`);
  });
  return found;
}

describe('the house', () => {
  it('has a zone for every source file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => zoneOf(f) === null)).toEqual([]);
  });

  it('keeps every SQL statement in db/', () => {
    const offending = shipped.filter((f) => !f.startsWith('db/')).flatMap((f) => sqlIn(f, readFileSync(f, 'utf8')));
    expect(offending).toEqual([]);
  });

  it('would see SQL if it were there', () => {
    expect(SQL.test("stmt(db, `UPDATE games SET state = 'x' WHERE id = ?`)")).toBe(true);
    expect(SQL.test('`SELECT id FROM sales`')).toBe(true);
    expect(SQL.test('<select data-testid="transfer-from" value={from ? from.fund : \'\'}>')).toBe(false);
    expect(sqlIn('p.ts', "db.prepare('x')")).toHaveLength(1);
    expect(sqlIn('p.ts', "ctx.db.exec('x')")).toHaveLength(1);
    expect(sqlIn('p.ts', '/a/.exec(s)')).toEqual([]);
  });

  it('reads a file whole: a statement over several lines of a template is seen, as is a driver call split over lines', () => {
    const service = [
      "import { stmt } from '../../../db/sql.js';",
      'export const close = (db: never, id: number) =>',
      '  stmt(db, `',
      '    UPDATE games',
      "       SET state = 'closed'",
      '     WHERE id = ?`).run(id);',
      'export const ids = (table: string) => `',
      '  SELECT id',
      '    FROM ${table}`;',
      'export const raw = (ctx: { db: { prepare(s: string): unknown } }) => ctx.db',
      "  .prepare('x');",
    ].join('\n');
    // Line by line, none of it reads as SQL: the old check let it pass.
    expect(service.split('\n').filter((line) => SQL.test(line))).toEqual([]);
    expect(sqlIn('main/services/bingo/probe.ts', service)).toEqual([
      "main/services/bingo/probe.ts:3: UPDATE games SET state = 'closed' WHERE id = ?",
      'main/services/bingo/probe.ts:7: SELECT id FROM x',
      'main/services/bingo/probe.ts:10: db .prepare(',
    ]);
  });
});
