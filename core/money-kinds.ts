/**
 * A money kind described once (issue 23): each kind of ledger transaction is
 * declared in its own domain (core/<domain>/money.ts) with what it documents
 * and the line of a drawer it moves, cash or chips; the X and Z reports (on
 * screen and printed) read these lines from the ledger by kind, so a new kind
 * shows on them without their code changing. The domains' declarations are
 * merged in core/money-registry.ts.
 */
import { mergeUnique } from './merge.js';

/** A ledger kind's descriptor. */
export interface MoneyKind {
  /** Its name (ledger_transactions.kind). */
  kind: string;
  /** What its transactions document (ledger_transactions.ref_type). */
  documents: readonly string[];
  /** The line of a drawer's cash it moves on the X and Z, by key; none when it never touches a drawer's cash. */
  cashLine?: string;
  /** The line of a caixa's chips it moves (chips:<terminal>), by key. */
  chipLine?: string;
}

/** A line of a drawer's report: its key (the movement's name on screen and in the contract), side, words and place. */
export interface DrawerLine {
  key: string;
  /** 'in': the drawer's account grows by it (printed under Entradas); 'out': it shrinks (printed as a positive amount under Saídas). */
  side: 'in' | 'out';
  /** As printed, in pt-PT: the hall's papers are in Portuguese. */
  label: string;
  /** Printed always, or only when something moved on it. */
  shown: 'always' | 'moved';
  /** Its place on the report, lower first. */
  order: number;
}

/** A line with its amount: non-negative for a line that only moves one way (an 'out' line is the cash that left). */
export interface DrawerLineAmount extends DrawerLine {
  cents: number;
}

/**
 * The lines of a drawer from the net amount its account took by ledger kind
 * (debits positive, as the ledger stores them): each line adds up the kinds
 * that move it, an 'out' line as what left. `0 - x`, not `-x`: no -0.
 */
export function drawerLineAmounts(
  lines: readonly DrawerLine[],
  kinds: readonly MoneyKind[],
  which: 'cashLine' | 'chipLine',
  netByKind: Readonly<Partial<Record<string, number>>>,
): DrawerLineAmount[] {
  return lines.map((line) => {
    const net = kinds.filter((k) => k[which] === line.key).reduce((sum, k) => sum + (netByKind[k.kind] ?? 0), 0);
    return { ...line, cents: line.side === 'in' ? net : 0 - net };
  });
}

/** The lines as an object by key (the contract's `movements`). */
export function lineValues(amounts: readonly DrawerLineAmount[]): Record<string, number> {
  return Object.fromEntries(amounts.map((a) => [a.key, a.cents]));
}

/**
 * One list from the domains' named lists, refusing a key given twice (a
 * duplicate would silently hide one of them): sorted when `sort` is given.
 */
export function mergeDeclared<T>(what: string, key: (item: T) => string, lists: Readonly<Record<string, readonly T[]>>, sort?: (a: T, b: T) => number): T[] {
  const keyed = Object.fromEntries(Object.entries(lists).map(([name, list]) => [name, Object.fromEntries(list.map((item) => [key(item), item]))]));
  // A key twice within one list is as much a duplicate as across two.
  for (const [name, list] of Object.entries(lists)) {
    if (Object.keys(keyed[name]!).length !== list.length) throw new Error(`Duplicate ${what} in ${name}: each ${what} is declared once.`);
  }
  const all = Object.values(mergeUnique(what, keyed)) as T[];
  return sort ? all.sort(sort) : all;
}

/**
 * A document a domain prints (print_jobs.kind): what the print queue links it
 * to (print_jobs.ref_type), its title's parameters (each language words the
 * title from them), and the parameter whose fixed values pick its wording.
 */
export interface PrintKind {
  ref: string;
  params: readonly string[];
  variant?: { param: string; values: readonly string[] };
}
