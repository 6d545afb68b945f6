/**
 * The report's figures kept on arrival (issue 43): the pure part of summing a
 * batch of a hall's entries into the group's summaries (db/group/summaries.ts
 * reads what a batch refers to and writes the sums). Facts by
 * `type@version` (core/group-contract); integer cents.
 */
import type { EntryFacts, Fact, FactKey } from './group-contract/facts.js';
import { hallDay, type HallTimeZone } from './time.js';

/** An entry as summed: its seq and facts, in the hall's order. */
export interface SummedEntry {
  seq: number;
  facts: EntryFacts;
}

/** A session as the summaries know it: from its opening to its close (null: still open). */
export interface KnownSession {
  sessionId: number;
  openedAt: string;
  closedAt: string | null;
}

/** Each fact of one type across the batch, with its entry's seq, in order. */
export function factsOf<T extends FactKey>(entries: readonly SummedEntry[], type: T): { seq: number; fact: Fact<T> }[] {
  const out: { seq: number; fact: Fact<T> }[] = [];
  for (const e of entries) {
    const list = e.facts[type] as Fact<T>[] | undefined;
    if (list) for (const fact of list) out.push({ seq: e.seq, fact });
  }
  return out;
}

/**
 * The session a fact at `iso` fell in: the one opened at or before it and not closed before it (the lowest
 * id if ever two were), as the report's rows count it; null outside every session.
 */
export function sessionAt(sessions: readonly KnownSession[], iso: string): number | null {
  const t = Date.parse(iso);
  let found: number | null = null;
  for (const s of sessions) {
    if (Date.parse(s.openedAt) <= t && (s.closedAt === null || t <= Date.parse(s.closedAt)) && (found === null || s.sessionId < found)) found = s.sessionId;
  }
  return found;
}

/** Sums keyed by a text, made on first use. */
export class SumMap<T> {
  readonly map = new Map<string, T>();
  constructor(private readonly make: (key: string) => T) {}
  at(key: string): T {
    let v = this.map.get(key);
    if (v === undefined) this.map.set(key, (v = this.make(key)));
    return v;
  }
}

/** A bucket's key: the session the time fell in (0: none) and its hall day. */
export function bucketKey(sessions: readonly KnownSession[], iso: string, zone: HallTimeZone): string {
  return `${sessionAt(sessions, iso) ?? 0}|${hallDay(new Date(iso), zone)}`;
}


/** A game's change in one batch. */
export interface GameDelta {
  sessionId: number | null;
  annulled: boolean;
  closure: { cards: number; cents: number; stamp: number } | null;
  salesCards: number;
  salesCents: number;
  voids: number;
  voidedCards: number;
  voidedCents: number;
}

export const newGameDelta = (): GameDelta => ({ sessionId: null, annulled: false, closure: null, salesCards: 0, salesCents: 0, voids: 0, voidedCards: 0, voidedCents: 0 });

/** A machine's day's change in one batch. */
export interface MachineDayDelta {
  coinsIn: number;
  prizesPaid: number;
  readings: number;
  guiasIssuedCents: number;
  guiasPaidCents: number;
}

export const newMachineDay = (): MachineDayDelta => ({ coinsIn: 0, prizesPaid: 0, readings: 0, guiasIssuedCents: 0, guiasPaidCents: 0 });
