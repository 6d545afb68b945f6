/** Hall settings typed on screen: percentages as pt-PT text <-> basis points (1 % = 100). */
import type { ChannelInput, Settings } from '../../core/contract.js';
import type { IdentificationMoment } from '../../core/compliance/moments.js';
import type { HallTimeZone } from '../../core/time.js';
import { parseEuroText } from './money.js';

/** The special prize fund's starting amount: at most 100 000,00 € (core/settings.ts). */
const MAX_FUND_START_CENTS = 10_000_000;

/**
 * `25` -> 2500, `25,5` -> 2550, `2,75` -> 275, `0` -> 0, `25.5` -> 2550,
 * `25 %` -> 2500. At most two decimals and at most 100 %; anything else is null.
 */
export function parsePercent(text: string): number | null {
  const s = text.replace(/%/g, '').replace(/[\s\u00a0\u202f]/g, '');
  const m = /^(\d{1,3})(?:[.,](\d{1,2}))?$/.exec(s);
  if (!m) return null;
  const bp = Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'));
  return bp <= 10_000 ? bp : null;
}

/** 2550 -> `25,5`, 2500 -> `25`, 275 -> `2,75`. */
export function formatPercent(basisPoints: number): string {
  const whole = Math.floor(basisPoints / 100);
  const frac = String(basisPoints % 100).padStart(2, '0').replace(/0+$/, '');
  return frac ? `${whole},${frac}` : String(whole);
}

/** A whole number typed in a field, within [min, max], else null. */
export function parseWhole(text: string, min: number, max: number): number | null {
  const t = text.trim();
  if (!/^\d{1,7}$/.test(t)) return null;
  const n = Number(t);
  return n >= min && n <= max ? n : null;
}

/** The face file's format from its name: `.json` or `.csv` (any case), else null. */
export function facesFormat(fileName: string): 'json' | 'csv' | null {
  const m = /\.(json|csv)$/i.exec(fileName.trim());
  return m ? (m[1]!.toLowerCase() as 'json' | 'csv') : null;
}

interface SettingsFields {
  /** The hall's name, printed at the head of every receipt and on the acta: 2-80 characters once trimmed. Absent: left as it is. */
  hallName?: string;
  /** The hall's licence (at most 80 characters); empty: none. Absent: left as it is. */
  licence?: string;
  /** The hall's time zone, one of the three (the kiosk refuses any other, and a change but by an admin). Absent: left as it is. */
  timeZone?: HallTimeZone;
  stamp: string;
  specialOn: boolean;
  share: string;
  balls: string;
  /** The special prize fund's starting amount in euros as typed (empty: 0). */
  starting: string;
  maxCards: string;
  chips: boolean;
  /** Guias over this amount (euros) need a manager's approval; empty: never (SPEC 7). Absent: left as it is. */
  guiaThreshold?: string;
  /** Hours an operator's session lasts after login (1-24). Absent: left as it is. */
  shiftHours?: string;
  /** Managers and admins need 6-digit PINs. Absent: left as it is. */
  longManagerPins?: boolean;
  /** When the hall identifies its bingo players (Lei n.º 83/2017, art. 76.º, n.º 5). Absent: left as it is. */
  identificationMoment?: IdentificationMoment;
  entryRegister?: boolean;
  /** A person's payments and exchanges of a gaming day from which they are identified, in euros (0,01 to 2 000). Absent: left as it is. */
  identificationThreshold?: string;
}

/** The law's threshold is the most a hall may set (Lei n.º 83/2017, art. 76.º: 2 000 €); a hall may identify from less. */
const MAX_IDENTIFICATION_THRESHOLD_CENTS = 200_000;

type Update = ChannelInput<'settings.update'>;

/** A special prize's terms as typed (share %, N, starting amount in euros), checked: the same for the settings and for a frozen fund carried to a new prize. */
export function specialPrizeTerms(fields: { share: string; balls: string; starting: string }):
  | { ok: true; prize: { shareBasisPoints: number; baseBalls: number; startingCents: number } }
  | { ok: false; field: 'share' | 'balls' | 'starting' } {
  const share = parsePercent(fields.share);
  const balls = parseWhole(fields.balls, 1, 90);
  const starting = fields.starting.trim() === '' ? 0 : parseEuroText(fields.starting);
  if (share === null || share === 0) return { ok: false, field: 'share' };
  if (balls === null) return { ok: false, field: 'balls' };
  if (starting === null || starting > MAX_FUND_START_CENTS) return { ok: false, field: 'starting' };
  return { ok: true, prize: { shareBasisPoints: share, baseBalls: balls, startingCents: starting } };
}

/** The settings form's fields as typed, checked and turned into `settings.update`'s input (or the first bad field). */
export function settingsUpdate(
  fields: SettingsFields,
  current: Settings,
): { ok: true; update: Update } | { ok: false; field: 'hallName' | 'licence' | 'stamp' | 'maxCards' | 'share' | 'balls' | 'starting' | 'guiaThreshold' | 'shiftHours' | 'identificationThreshold' } {
  const update: Update = { chipsAllowed: fields.chips };
  // The contract's bounds (plainText: trimmed, counted in UTF-16 units as zod does); the printer's code page is the kiosk's to judge.
  if (fields.hallName !== undefined) {
    const name = fields.hallName.trim();
    if (name.length < 2 || name.length > 80) return { ok: false, field: 'hallName' };
    update.hallName = name;
  }
  if (fields.licence !== undefined) {
    const licence = fields.licence.trim();
    if (licence.length > 80) return { ok: false, field: 'licence' };
    update.licence = licence === '' ? null : licence;
  }
  if (fields.timeZone !== undefined) update.timeZone = fields.timeZone;
  if (fields.stamp.trim() !== '' || current.stampDutyBasisPoints !== null) {
    const bp = parsePercent(fields.stamp);
    if (bp === null) return { ok: false, field: 'stamp' };
    update.stampDutyBasisPoints = bp;
  }
  if (fields.guiaThreshold !== undefined) {
    const text = fields.guiaThreshold.trim();
    const cents = text === '' ? null : parseEuroText(text);
    if (text !== '' && (cents === null || cents > 100_000_000)) return { ok: false, field: 'guiaThreshold' };
    update.guiaApprovalThresholdCents = cents;
  }
  if (fields.shiftHours !== undefined) {
    const hours = parseWhole(fields.shiftHours, 1, 24);
    if (hours === null) return { ok: false, field: 'shiftHours' };
    update.shiftHours = hours;
  }
  if (fields.longManagerPins !== undefined) update.longManagerPins = fields.longManagerPins;
  if (fields.identificationMoment !== undefined) update.identificationMoment = fields.identificationMoment;
  if (fields.entryRegister !== undefined) update.entryRegister = fields.entryRegister;
  if (fields.identificationThreshold !== undefined) {
    const cents = parseEuroText(fields.identificationThreshold.trim());
    if (cents === null || cents < 1 || cents > MAX_IDENTIFICATION_THRESHOLD_CENTS) return { ok: false, field: 'identificationThreshold' };
    update.identificationThresholdCents = cents;
  }
  const max = parseWhole(fields.maxCards, 1, 10_000);
  if (max === null) return { ok: false, field: 'maxCards' };
  update.maxCardsPerSale = max;
  const share = parsePercent(fields.share);
  const balls = parseWhole(fields.balls, 1, 90);
  const starting = fields.starting.trim() === '' ? 0 : parseEuroText(fields.starting);
  const startingOk = starting !== null && starting <= MAX_FUND_START_CENTS;
  if (fields.specialOn) {
    const terms = specialPrizeTerms(fields);
    if (!terms.ok) return terms;
    update.specialPrize = { enabled: true, ...terms.prize };
  } else if (current.specialPrize !== null || (share !== null && balls !== null)) {
    // Switched off: the figures are kept for the day it is switched on again.
    update.specialPrize =
      share !== null && balls !== null
        ? { enabled: false, shareBasisPoints: share, baseBalls: balls, startingCents: startingOk ? starting : (current.specialPrize?.startingCents ?? 0) }
        : current.specialPrize && { ...current.specialPrize, enabled: false };
  }
  return { ok: true, update };
}
