/**
 * How a domain words its refusals: a stable code, and a message per language
 * built from data parameters (numbers, codes, ISO times), never from
 * Portuguese text, so that each language words its own. Each
 * core/<domain>/errors.ts defines its codes with `errors({...})`;
 * core/errors.ts merges them into one catalogue. Amounts travel as integer
 * cents and instants as ISO-8601 strings; the messages format them with the
 * helpers below, times on the hall's clock (its zone given with each message).
 */
import { formatCents, formatCentsEn } from './money.js';
import { hallClock, type HallTimeZone } from './time.js';

export type Lang = 'pt-PT' | 'en';
export type Params = Record<string, string | number>;
/** A message's words from its parameters; `zone` is the hall's, in which it names any time. */
export type Message = (p: Params, zone: HallTimeZone) => string;
type Catalogue = Record<string, { pt: Message; en: Message }>;

export function errors<const T extends Catalogue>(catalogue: T): T {
  return catalogue;
}

const cents = (v: unknown): number | null => {
  const n = typeof v === 'number' ? v : typeof v === 'string' && /^-?\d+$/.test(v) ? Number(v) : NaN;
  return Number.isSafeInteger(n) ? n : null;
};

/** An amount parameter (integer cents) as pt-PT writes it: `5000` -> `50,00 €`; anything else shown as given. */
export function eurPt(v: unknown): string {
  const c = cents(v);
  return c === null ? String(v) : formatCents(c);
}

/** An amount parameter (integer cents) as English writes it: `5000` -> `€50.00`; anything else shown as given. */
export function eurEn(v: unknown): string {
  const c = cents(v);
  return c === null ? String(v) : formatCentsEn(c);
}

/** An instant parameter (ISO-8601) as the hall's clock shows it: `21:05`; a text that is no instant shown as given. */
export function clock(v: unknown, zone: HallTimeZone): string {
  const s = String(v);
  return Number.isNaN(new Date(s).getTime()) ? s : hallClock(s, zone);
}
