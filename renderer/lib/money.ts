/**
 * Euro text <-> integer cents for the screens. No floats: the text is split
 * into whole euros and cents and combined as integers.
 */
import { formatCents, type Cents } from '../../core/money.js';

/** The largest amount the tendered keypad accepts: 99 999,99 €. */
export const MAX_TENDERED_CENTS = 9_999_999;

const THOUSANDS = /^\d{1,3}(\.\d{3})+$/;

/**
 * Parse an amount typed in euros, pt-PT style, into cents.
 * `1,00` -> 100, `1,5` -> 150, `12` -> 1200, `1.234,56` -> 123456,
 * `1 234,56 €` -> 123456. Without a comma, one dot followed by one or two
 * digits is read as the decimal point (`1.50` -> 150) and groups of three
 * as thousands (`1.234` -> 123400). Anything else (negative, letters, three
 * decimals, several commas) gives null.
 */
export function parseEuroText(text: string): Cents | null {
  const s = text.replace(/€/g, '').replace(/[\s\u00a0\u202f]/g, '');
  if (!/^[\d.,]+$/.test(s) || !/\d/.test(s)) return null;
  let whole: string;
  let frac = '';
  const comma = s.indexOf(',');
  if (comma !== -1) {
    if (s.lastIndexOf(',') !== comma) return null;
    whole = s.slice(0, comma);
    frac = s.slice(comma + 1);
    if (whole.includes('.')) {
      if (!THOUSANDS.test(whole)) return null;
      whole = whole.replace(/\./g, '');
    }
  } else if (s.includes('.')) {
    const parts = s.split('.');
    if (parts.length === 2 && (parts[1] ?? '').length <= 2) {
      whole = parts[0] ?? '';
      frac = parts[1] ?? '';
    } else if (THOUSANDS.test(s)) {
      whole = s.replace(/\./g, '');
    } else {
      return null;
    }
  } else {
    whole = s;
  }
  if (!/^\d*$/.test(whole) || !/^\d{0,2}$/.test(frac)) return null;
  if (whole === '' && frac === '') return null;
  const cents = Number(whole === '' ? '0' : whole) * 100 + Number(frac.padEnd(2, '0'));
  return Number.isSafeInteger(cents) ? cents : null;
}

/**
 * Cash-register entry: every digit typed shifts the amount left, so typing
 * 2, 0, 0, 0 gives 20,00 €. Non-digits are ignored; capped at `max`.
 */
export function digitsToCents(text: string, max = MAX_TENDERED_CENTS): Cents {
  const digits = text.replace(/\D/g, '').replace(/^0+/, '');
  if (digits === '') return 0;
  if (digits.length > String(max).length) return max;
  return Math.min(Number(digits), max);
}

/** Keypad key on a cash-register amount: a digit, `00`, backspace or clear. */
export function applyKey(cents: Cents, key: string, max = MAX_TENDERED_CENTS): Cents {
  if (key === 'clear') return 0;
  if (key === 'backspace') return Math.floor(cents / 10);
  if (!/^\d{1,2}$/.test(key)) return cents;
  const next = cents * 10 ** key.length + Number(key);
  return next > max ? cents : next;
}

/** The text shown in the tendered field: empty for nothing yet, else `20,00 €`. */
export function tenderedText(cents: Cents): string {
  return cents === 0 ? '' : formatCents(cents);
}

/** An amount as it is typed in a field that shows its own € sign: 10000 -> `100,00` (no grouping, no €). */
export function euroFieldText(cents: Cents): string {
  return `${Math.floor(cents / 100)},${String(cents % 100).padStart(2, '0')}`;
}
