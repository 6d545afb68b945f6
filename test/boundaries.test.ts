/**
 * The house's rules that lint cannot see line by line: every source file has
 * a zone (so every file is under an import rule), and no SQL lives outside
 * db/ (queries and commands are db/'s functions, taking a read-only or a
 * writable handle).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { zoneOf } from '../tools/lint/boundaries.mjs';

const files = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx|cts|mts)$/.test(f));

/** Shipped source: what tsconfig.electron.json compiles and Vite bundles, tests left out. */
const shipped = files.filter((f) => /^(core|db|main|printing|renderer)\//.test(f) && !/\.(test|spec)\.(ts|tsx)$/.test(f));

const SQL = /\b(SELECT\s+[\w*(].*\bFROM\b|INSERT\s+INTO|UPDATE\s+\w+\s+SET|DELETE\s+FROM|CREATE\s+(TABLE|INDEX|TRIGGER|VIEW)|DROP\s+TABLE|PRAGMA\s+\w+)/i;
/** A better-sqlite3 call on a handle (db, reader, writer...), not RegExp.exec. */
const DRIVER = /\b\w*(db|Db|reader|writer)\.(prepare|exec|pragma|transaction)\(/;

describe('the house', () => {
  it('has a zone for every source file', () => {
    expect(files.length).toBeGreaterThan(100);
    expect(files.filter((f) => zoneOf(f) === null)).toEqual([]);
  });

  it('keeps every SQL statement in db/', () => {
    const offending: string[] = [];
    for (const f of shipped.filter((f) => !f.startsWith('db/'))) {
      readFileSync(f, 'utf8')
        .split('\n')
        .forEach((line, i) => {
          if (SQL.test(line) || DRIVER.test(line)) offending.push(`${f}:${i + 1}: ${line.trim()}`);
        });
    }
    expect(offending).toEqual([]);
  });

  it('would see SQL if it were there', () => {
    expect(SQL.test("stmt(db, `UPDATE games SET state = 'x' WHERE id = ?`)")).toBe(true);
    expect(SQL.test('`SELECT id FROM sales`')).toBe(true);
    expect(DRIVER.test("db.prepare('x')")).toBe(true);
    expect(DRIVER.test("ctx.db.exec('x')")).toBe(true);
    expect(DRIVER.test('/a/.exec(s)')).toBe(false);
  });
});
