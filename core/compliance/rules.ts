/**
 * Identification where the law on the prevention of money laundering asks for
 * it (Lei n.º 83/2017; SPEC 11). Art. 4.º, n.º 1, a) binds casino and bingo
 * concessionaires; art. 76.º: cheques for machine and jackpot prizes only to
 * identified winners (n.º 3), cheques for chips only to identified visitors
 * who bought them by card or cheque, up to those purchases (n.º 4), such
 * cheques nominative, crossed and "não à ordem"; bingo players identified at
 * entry, at the purchase of cards or at a prize's delivery (n.º 5, a hall
 * setting). The threshold (a hall setting, 2 000 € by default) is reached by
 * one person in one gaming day, payments and exchanges added up even across
 * separate plays. Pure rules: the services read the day's totals and pass them.
 */
import { KioskError } from '../refusal.js';
import type { IdentificationMoment } from '../settings.js';
import type { HallTimeZone } from '../time.js';
import { hallDay } from '../time.js';

/** The acts of the caixa and the counter the threshold adds up (each kept with the person in identified_acts). */
export const IDENTIFIED_ACTS = ['guia_payment', 'prize_payment', 'chip_sale', 'chip_redemption'] as const;
export type IdentifiedAct = (typeof IDENTIFIED_ACTS)[number];

/**
 * Where a bingo hall identifies its players at the entrance or at the purchase of cards (art. 76.º, n.º 5), the
 * identification is recorded at that moment: an entry, or a sale of cards to the player. They show in the gaming
 * day's record beside the payments and exchanges, but add nothing to the threshold (it counts those alone).
 */
export const RECORDED_MOMENTS = ['entry', 'card_purchase'] as const;
export type RecordedMoment = (typeof RECORDED_MOMENTS)[number];

/** What the gaming day's record lists: the acts the threshold adds up, then the moments of identification. */
export const DAY_RECORD_ACTS = [...IDENTIFIED_ACTS, ...RECORDED_MOMENTS] as const;
export type DayRecordAct = (typeof DAY_RECORD_ACTS)[number];

/** Whether a row of the day's record adds to the person's day total (payments and exchanges do; entries and purchases do not). */
export function addsToThreshold(act: DayRecordAct): act is IdentifiedAct {
  return (IDENTIFIED_ACTS as readonly string[]).includes(act);
}

/**
 * A sale of cards where the hall identifies its players at the purchase (art. 76.º, n.º 5): only to an identified
 * player. Elsewhere a sale names no one (a player named anyway is recorded with it).
 */
export function checkPurchaseIdentified(moment: IdentificationMoment, personNamed: boolean, cents: number): void {
  if (moment === 'purchase' && !personNamed) throw new KioskError('PURCHASE_IDENTIFICATION_REQUIRED', { cents });
}

/** The documents a person may be identified by. */
export const DOCUMENT_TYPES = ['cc', 'passport', 'residence', 'id_card', 'driving'] as const;
export type IdentityDocumentType = (typeof DOCUMENT_TYPES)[number];
export const DOCUMENT_TYPE_LABELS: Record<IdentityDocumentType, string> = {
  cc: 'Cartão de Cidadão',
  passport: 'Passaporte',
  residence: 'Título de residência',
  id_card: 'Bilhete de identidade (UE)',
  driving: 'Carta de condução',
};

/**
 * The gaming day an instant belongs to (**Decision**): the hall's calendar day of the instant 6 hours earlier, so
 * a night that runs past midnight is one gaming day, as a casino's cage counts it.
 */
export const GAMING_DAY_CUTOVER_HOURS = 6;
export function gamingDayOf(at: Date, zone: HallTimeZone): string {
  return hallDay(new Date(at.getTime() - GAMING_DAY_CUTOVER_HOURS * 3_600_000), zone);
}

/**
 * Whether every act of this kind asks for the person, whatever its amount: a bingo prize where the hall identifies
 * its players at the prize's delivery (art. 76.º, n.º 5). Every other act (and a prize where the hall identifies at
 * entry or at the purchase of cards, which the kiosk does not see) asks for it from the threshold.
 */
export function actAlwaysIdentified(act: IdentifiedAct, moment: IdentificationMoment): boolean {
  return act === 'prize_payment' && moment === 'prize';
}

/** Whether this act brings the person's gaming day to the threshold: the day's earlier acts and this one, added up. */
export function reachesThreshold(priorCents: number, cents: number, thresholdCents: number): boolean {
  return priorCents + cents >= thresholdCents;
}

/** The person as a rule sees them: whether their document was seen and checked. */
export interface PersonFacts {
  readonly personId: number;
  readonly verified: boolean;
  /** Erased after the legal period: no one can be paid under an erased record. */
  readonly erased: boolean;
}

export interface IdentificationCase {
  readonly act: IdentifiedAct;
  readonly cents: number;
  /** The person's acts this gaming day before this one (0 when no person is named: nothing to add up). */
  readonly priorCents: number;
  readonly thresholdCents: number;
  readonly moment: IdentificationMoment;
  readonly person: PersonFacts | null;
}

/** The article each act's identification rests on. */
export function articleOf(act: IdentifiedAct): string {
  return act === 'prize_payment' ? 'Lei n.º 83/2017, art. 76.º, n.º 5' : 'Lei n.º 83/2017, art. 76.º';
}

/**
 * An act that reaches the threshold does not complete until the person is identified with a checked document, nor
 * a bingo prize where the hall identifies at its delivery; a person named for a smaller act is held to the same (a
 * record not verified is no identification).
 */
export function checkIdentification(c: IdentificationCase): void {
  if (c.person?.erased) throw new KioskError('PERSON_ERASED', { personId: c.person.personId });
  if (c.person === null && actAlwaysIdentified(c.act, c.moment)) throw new KioskError('PRIZE_IDENTIFICATION_REQUIRED', { cents: c.cents });
  // The threshold counts every act, prizes too: payments and exchanges added up, whatever the hall's moment.
  if (c.person === null && reachesThreshold(c.priorCents, c.cents, c.thresholdCents)) {
    throw new KioskError('IDENTIFICATION_REQUIRED', { act: c.act, cents: c.cents, priorCents: c.priorCents, thresholdCents: c.thresholdCents, article: articleOf(c.act) });
  }
  if (c.person !== null && !c.person.verified) throw new KioskError('IDENTIFICATION_NOT_VERIFIED', { personId: c.person.personId, article: articleOf(c.act) });
}

/** A cheque is paid only to an identified person (art. 76.º, n.º 3 and 4): a cheque to no one is refused. */
export function checkChequePayee(chequeCount: number, person: PersonFacts | null): void {
  if (chequeCount > 0 && person === null) throw new KioskError('CHEQUE_NEEDS_PAYEE');
}

/**
 * Cheques for chips (art. 76.º, n.º 4): only up to what the person bought in chips by bank card or cheque that
 * gaming day, less the chip cheques already paid to them that day.
 */
export function checkChipChequeCap(chequeCents: number, boughtByCardOrChequeCents: number, chequedBeforeCents: number): void {
  const leftCents = Math.max(0, boughtByCardOrChequeCents - chequedBeforeCents);
  if (chequeCents > leftCents) {
    throw new KioskError('CHIP_CHEQUE_OVER_PURCHASES', { chequeCents, boughtCents: boughtByCardOrChequeCents, chequedCents: chequedBeforeCents, leftCents });
  }
}

/** A document number as compared and digested: letters upper-case, spaces and dashes gone. */
export function normaliseDocumentNumber(number: string): string {
  return number.normalize('NFKC').toUpperCase().replace(/[\s.-]/g, '');
}

/** What identifies one document across halls (the group's digest keys it): type, country and number, normalised. */
export function documentIdentity(p: { documentType: string; documentNumber: string; country: string }): string {
  return `${p.documentType}|${p.country.toUpperCase()}|${normaliseDocumentNumber(p.documentNumber)}`;
}

/** Play is for adults: a date of birth under 18 years before the day is refused (and one in the future). */
export function checkAdult(birthDate: string, today: string): void {
  const [y, m, d] = today.split('-').map(Number) as [number, number, number];
  const eighteen = `${String(y - 18).padStart(4, '0')}-${String(m).padStart(2, '0')}-${String(d).padStart(2, '0')}`;
  if (birthDate > eighteen) throw new KioskError('PERSON_UNDER_AGE');
}

/**
 * How long an identification and the acts made under it are kept (**Decision**, SPEC 11: the seven years of the
 * earlier law, Lei n.º 25/2008, art. 14.º, which Lei n.º 83/2017, art. 51.º, keeps): then erased in a recorded act.
 */
export const RETENTION_YEARS = 7;

/**
 * The instant before which an identification may be erased at `now`: the same instant seven calendar years earlier
 * (29 February falls back to the 28th, never forward: no record is erased a day early). A record is erased only when
 * it and every act made under it are older (the period runs from the last act: its record is still owed).
 */
export function erasureCutOf(now: Date): string {
  const year = now.getUTCFullYear() - RETENTION_YEARS;
  const month = now.getUTCMonth();
  const lastDay = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cut = new Date(now.getTime());
  cut.setUTCFullYear(year, month, Math.min(now.getUTCDate(), lastDay));
  return cut.toISOString();
}

/** An erasure asked up to `before` at `now`: refused while any of it is within the legal period. */
export function checkErasureCut(before: string, now: Date): void {
  const cut = erasureCutOf(now);
  if (before > cut) throw new KioskError('ERASURE_TOO_EARLY', { before, cut, years: RETENTION_YEARS });
}

/** Whose key digests the documents: none yet, the hall's own (drawn at its first identification), or the group's. */
export type IdentityKeySource = 'none' | 'hall' | 'group';

/**
 * The group's key installed in a hall (SPEC 11: one person adds up across the group's halls): refused once the hall
 * has keyed anyone under another key (a digest never changes once written); the same key again changes nothing.
 */
export function checkGroupKeyInstall(state: { source: IdentityKeySource; sameKey: boolean; keyed: number }): 'install' | 'unchanged' {
  if (state.sameKey && state.source === 'group') return 'unchanged';
  if (state.keyed > 0) throw new KioskError('IDENTITY_KEY_IN_USE', { keyed: state.keyed, source: state.source });
  return 'install';
}

/** The words a cheque to an identified person carries (art. 76.º, n.º 3): nominative, crossed, not endorsable. */
export const CHEQUE_CLAUSES = ['Nominativo', 'Cruzado', 'Não à ordem'] as const;
