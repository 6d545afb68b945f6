/**
 * Refusal parameters are data (core/catalogue.ts): numbers, codes,
 * identifiers and ISO times, which each language's message formats. A
 * parameter holding formatted money or time, or Portuguese words, would show
 * pt-PT text in an English message (and fix the pt wording at the throw
 * site). The params are known only where a refusal is thrown, so this reads
 * the shipped source: every `new KioskError(...)`, every domain `refuse(...)`
 * helper call with a code, every `params: {...}` a rule returns to be thrown,
 * and the reasons a parser throws to be turned into a refusal. It sees the
 * formatters, names of pt-PT words (`KIND_PT[...]`, `kindPt`) and accented
 * or «quoted» literals; a value formatted into a variable first, or
 * Portuguese without an accent, is for review to catch.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const shipped = execFileSync('git', ['ls-files', '--cached', '--others', '--exclude-standard', 'core', 'db', 'main', 'printing'], { encoding: 'utf8' })
  .split('\n')
  .filter((f) => /\.(ts|tsx)$/.test(f) && !/\.(test|spec)\.(ts|tsx)$/.test(f));

/** Where refusal parameters are written: the opening of the call or object whose text is checked. */
const OPENINGS = /new KioskError\(|\brefuse\(\s*'[A-Z][A-Z0-9_]*'|\bparams:\s*\{|new CsvRefusal\(/g;

/** Formatting that belongs in the messages (core/<domain>/errors.ts), never in the parameters. */
const FORMATTERS = /\b(formatCents\w*|hallClock|hallParts|hallTimestamp|toLocale\w*)\(|\bIntl\./;
/** A name for pt-PT words (KIND_PT[...], kindPt). */
const PT_WORDS = /\b\w*(_PT\b|Pt\b)/;
/** Portuguese in a literal: an accented letter, º/ª, or «». */
const PT_TEXT = /[À-ÖØ-öø-ÿºª«»]/;

/** From `open` (just past an opening bracket) to its closing bracket, skipping strings, template texts and comments. */
function balanced(src: string, open: number): string {
  const stack: string[] = [src[open - 1] === '{' ? '}' : ')'];
  let i = open;
  while (i < src.length && stack.length > 0) {
    const c = src[i]!;
    const top = stack[stack.length - 1];
    if (top === '`') {
      if (c === '\\') i++;
      else if (c === '`') stack.pop();
      else if (c === '$' && src[i + 1] === '{') {
        stack.push('}');
        i++;
      }
    } else if (c === "'" || c === '"') {
      for (i++; i < src.length && src[i] !== c; i++) if (src[i] === '\\') i++;
    } else if (c === '/' && src[i + 1] === '/') {
      while (i < src.length && src[i] !== '\n') i++;
    } else if (c === '/' && src[i + 1] === '*') {
      i = src.indexOf('*/', i + 2) + 1;
    } else if (c === '`') stack.push('`');
    else if (c === '(' || c === '[' || c === '{') stack.push(c === '(' ? ')' : c === '[' ? ']' : '}');
    else if (c === top) stack.pop();
    i++;
  }
  return src.slice(open, i - 1);
}

/** The quoted texts of a piece of code: '…', "…" and the literal parts of `…`. */
function literals(code: string): string[] {
  return [...code.matchAll(/'(?:\\.|[^'\\])*'|"(?:\\.|[^"\\])*"|`(?:\\.|\$\{[^}]*\}|[^`\\])*`/g)].map((m) => m[0].replace(/\$\{[^}]*\}/g, ''));
}

/** What is wrong with one call's parameters, if anything. */
function problemOf(args: string): string | null {
  if (FORMATTERS.test(args)) return 'formats money or time';
  if (PT_WORDS.test(args)) return 'passes pt-PT words';
  if (literals(args).some((l) => PT_TEXT.test(l))) return 'passes Portuguese text';
  return null;
}

function offendersIn(file: string, src: string): string[] {
  const found: string[] = [];
  for (const m of src.matchAll(OPENINGS)) {
    const open = m.index + m[0].length;
    const args = balanced(src, m[0].endsWith('{') ? open : src.indexOf('(', m.index) + 1);
    const problem = problemOf(args);
    if (problem) found.push(`${file}:${src.slice(0, m.index).split('\n').length}: ${problem}: ${args.replace(/\s+/g, ' ').slice(0, 160)}`);
  }
  return found;
}

describe('refusal parameters', () => {
  it('are read from the shipped source', () => {
    const calls = shipped.reduce((n, f) => n + [...readFileSync(f, 'utf8').matchAll(OPENINGS)].length, 0);
    expect(calls).toBeGreaterThan(150);
  });

  it('are data: no formatted money or time, no Portuguese words, in any refusal thrown', () => {
    expect(shipped.flatMap((f) => offendersIn(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('would see formatted or Portuguese parameters if they were there', () => {
    const probes = [
      "throw new KioskError('VARIANCE_NEEDS_APPROVAL', { threshold: formatCents(threshold) });",
      "throw new KioskError('SESSION_CLOSED', {\n  sessionId: s.id,\n  closedAt: hallClock(s.closedAt),\n});",
      "throw new KioskError('X', { at: new Date(iso).toLocaleTimeString('pt-PT') });",
      "throw new KioskError('X', { when: hallParts(iso).hour });",
      "throw new KioskError('CLAIMS_PENDING', { kind: KIND_PT[kind] });",
      "throw new KioskError('MANUAL_CLAIM_NOT_DRAWN', { kind: kindPt, count: 1 });",
      "throw new KioskError('ANNUL_REASON_MISMATCH', { detail: 'já saíram bolas' });",
      "throw new KioskError('GUIA_NOT_FOUND', { guia: `n.º interno ${id}` });",
      "refuse('ROULETTE_STAKE_ODD', { chance, amount: formatCents(amountCents) });",
      "return { code: 'DRAW_AFTER_CLOSING_TIME', params: { number: 1, closeAt: hallClock(at) } };",
      'throw new CsvRefusal(`aposta «${shown(raw)}» inválida`, `invalid bet "${shown(raw)}"`);',
    ];
    for (const probe of probes) expect(offendersIn('probe.ts', probe), probe).toHaveLength(1);
  });

  it('lets data through: numbers, codes, identifiers, ISO times, and text inside the message only', () => {
    const fine = [
      "throw new KioskError('VARIANCE_NEEDS_APPROVAL', { thresholdCents: threshold });",
      "throw new KioskError('SESSION_CLOSED', { sessionId: s.id, closedAt: s.closedAt });",
      "throw new KioskError('CLAIMS_PENDING', { kind });",
      "throw new KioskError('FUND_NAME_INVALID', { fund: name.slice(0, 40) }); // o fundo «x» é inválido",
      "throw new KioskError('MANUAL_BINGO_DIFFERS', { card, game: r.gameNumber, numbers: r.numbers.join(', ') });",
      "throw new KioskError('X', { text: `(${a}` });",
      "throw new KioskError(block.code, block.params);",
      "throw new KioskError('NO_OPEN_SESSION');",
    ];
    for (const code of fine) expect(offendersIn('probe.ts', code), code).toEqual([]);
  });
});
