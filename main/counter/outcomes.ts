/**
 * What a counter knows of the commands whose answer it lost (issue 37): a
 * key is "unknown" from the moment a request with it may have reached the
 * hall and no answer came, across calls, until the hall answers for that key;
 * then it is done (with the hall's answer) or not done. Never inferred from a
 * failed call.
 *
 * Bounded (MAX_UNKNOWN unknown, MAX_SETTLED settled kept for the screens),
 * and kept in a small file of the counter's data folder when one is given,
 * so a counter restarted while the hall was down still asks the hall for
 * its keys once it is back; written whole, through a temporary file.
 */
import { existsSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import type { KeyOutcome } from '../../core/audit/contract.js';

/** More unknown keys than a counter makes in an outage (a cashier's sales, one at a time). */
export const MAX_UNKNOWN = 500;
/** Settled keys kept for the screens to read their truth. */
export const MAX_SETTLED = 50;
const VERSION = 1;
/** The file's name in the counter's data folder. */
export const OUTCOMES_FILE = 'counter-outcomes.json';

export interface OutcomeMemory {
  has(key: string): boolean;
  isUnknown(key: string): boolean;
  /** A request with `key` may have reached the hall and its answer is lost. */
  lost(key: string, channel: string, at: string): void;
  /** The hall answered for the key: returns whether it was unknown until now. */
  settle(key: string, channel: string, outcome: 'done' | 'not_done', at: string, value?: unknown): boolean;
  unknown(): readonly KeyOutcome[];
  /** Newest first: the unknown, then the settled. */
  list(): KeyOutcome[];
}

export function createOutcomeMemory(o: { file?: string; logError?: (error: unknown, where: string) => void } = {}): OutcomeMemory {
  // Insertion order is age order: the oldest are dropped first.
  const unknown = new Map<string, KeyOutcome>();
  const settled = new Map<string, KeyOutcome>();
  const log = o.logError ?? (() => undefined);

  if (o.file && existsSync(o.file)) {
    try {
      const saved = JSON.parse(readFileSync(o.file, 'utf8')) as { version?: unknown; outcomes?: unknown };
      if (saved.version === VERSION && Array.isArray(saved.outcomes)) {
        for (const e of saved.outcomes as KeyOutcome[]) {
          if (typeof e?.key !== 'string' || typeof e.channel !== 'string' || typeof e.since !== 'string') continue;
          if (e.state === 'unknown') unknown.set(e.key, { key: e.key, channel: e.channel, state: 'unknown', since: e.since, settledAt: null });
          else if (e.state === 'done' || e.state === 'not_done') settled.set(e.key, e);
        }
      }
    } catch (e) {
      // An unreadable file cannot say a key is settled: logged, and the counter starts knowing none.
      log(e, 'outcomes file');
    }
  }

  const save = () => {
    if (!o.file) return;
    try {
      const tmp = `${o.file}.tmp`;
      writeFileSync(tmp, JSON.stringify({ version: VERSION, outcomes: [...unknown.values(), ...settled.values()] }));
      renameSync(tmp, o.file);
    } catch (e) {
      log(e, 'outcomes file');
    }
  };

  const bound = (m: Map<string, KeyOutcome>, max: number, what: string) => {
    for (const key of m.keys()) {
      if (m.size <= max) break;
      m.delete(key);
      if (what === 'unknown') log(new Error(`more than ${max} commands of unknown outcome: ${key} forgotten`), 'outcomes');
    }
  };

  return {
    has: (key) => unknown.has(key) || settled.has(key),
    isUnknown: (key) => unknown.has(key),
    lost(key, channel, at) {
      if (unknown.has(key)) return;
      settled.delete(key);
      unknown.set(key, { key, channel, state: 'unknown', since: at, settledAt: null });
      bound(unknown, MAX_UNKNOWN, 'unknown');
      save();
    },
    settle(key, channel, outcome, at, value) {
      const was = unknown.get(key);
      if (!was) return false;
      unknown.delete(key);
      // The channel as the hall answered it (the command its record of the key is for).
      settled.set(key, { key, channel, state: outcome, since: was.since, settledAt: at, ...(outcome === 'done' ? { value: value ?? null } : {}) });
      bound(settled, MAX_SETTLED, 'settled');
      save();
      return true;
    },
    unknown: () => [...unknown.values()],
    list: () => [...[...unknown.values()].reverse(), ...[...settled.values()].reverse()],
  };
}
