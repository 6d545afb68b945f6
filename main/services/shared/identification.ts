/**
 * Identification where the law asks for it (Lei n.º 83/2017, art. 76.º;
 * SPEC 11), for every domain that pays or exchanges: the person a payment
 * names, checked against the threshold and the cheques' rules before it is
 * made, and the act kept with that person as it is (core/compliance).
 */
import { createHmac, randomBytes } from 'node:crypto';
import { barredOn } from '../../../core/compliance/barred.js';
import {
  checkChequePayee,
  checkChipChequeCap,
  checkIdentification,
  documentIdentity,
  gamingDayOf,
  type IdentifiedAct,
  type IdentityDocumentType,
  type PersonFacts,
  type RecordedMoment,
} from '../../../core/compliance/rules.js';
import { KioskError } from '../../../core/errors.js';
import type { Channel, ParsedInput } from '../../../core/contract.js';
import {
  barredEntriesOfKey,
  chipChequeRoom,
  dayTotalOfKey,
  identityKey,
  insertBarredRefusal,
  insertIdentifiedAct,
  insertIdentityKey,
  insertPresence,
  personById,
  type PersonRow,
} from '../../../db/compliance.js';
import type { ReadableDb } from '../../../db/connection.js';
import { hallSettings, hallTimeZone } from '../../../db/people.js';
import { operatorOf, type CommandContext, type CommandHandler, type PrepareContext } from './context.js';

export type DocumentFields = { documentType: IdentityDocumentType; documentNumber: string; country: string };

/**
 * The group's digest of a document: HMAC-SHA-256 under the group's key, the same person in every hall, no document
 * in clear. Null before the hall's first identification (no key yet: nothing to find).
 */
export function personKeyOf(db: ReadableDb, doc: DocumentFields): string | null {
  const key = identityKey(db);
  return key === undefined ? null : createHmac('sha256', key).update(documentIdentity(doc)).digest('hex');
}

/** The digest for a record being written: the hall's own key drawn first if it has none yet. */
export function personKeyFor(ctx: CommandContext, doc: DocumentFields): string {
  if (identityKey(ctx.db) === undefined) insertIdentityKey(ctx.db, randomBytes(32), ctx.at);
  return personKeyOf(ctx.db, doc)!;
}

/** The entry of the list in force that bars a document on this gaming day, if any. */
export function barredEntryOf(ctx: { db: ReadableDb; now: Date }, key: string | null) {
  if (key === null) return undefined;
  const day = gamingDayOf(ctx.now, hallTimeZone(ctx.db));
  return barredEntriesOfKey(ctx.db, key).find((e) => barredOn(e, day));
}

/**
 * A person found, or named for a payment, whose document the list in force bars today: refused (a query, or a
 * payment's transaction, records nothing; the identification's refusal is the one recorded).
 */
export function checkNotBarred(ctx: { db: ReadableDb; now: Date }, key: string | null): void {
  const entry = barredEntryOf(ctx, key);
  if (entry) throw new KioskError('PERSON_BARRED', { validFrom: entry.validFrom, validUntil: entry.validUntil ?? '', recorded: 0 });
}

/**
 * Before a command: a document the list in force bars this gaming day is refused, and the refusal committed for the
 * manager (its record and audit row: which entry, who, where) even though the command is not. The log names the
 * entry, never the person (the input's personal fields are redacted, db/audit.ts).
 */
export async function refuseBarredKey(ctx: PrepareContext, key: string | null): Promise<void> {
  const entry = barredEntryOf(ctx, key);
  if (!entry) return;
  const operator = operatorOf(ctx);
  const error = new KioskError('PERSON_BARRED', { validFrom: entry.validFrom, validUntil: entry.validUntil ?? '', recorded: 1 });
  try {
    await ctx.writeShared((audit) => {
      insertBarredRefusal(ctx.writer, { at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId, listId: entry.listId, line: entry.line });
      audit({
        at: ctx.at,
        operatorId: operator.id,
        terminalId: ctx.terminalId,
        channel: ctx.channel,
        outcome: 'refused',
        input: ctx.input,
        before: undefined,
        after: { refused: error.code, listId: entry.listId, line: entry.line },
      });
    });
  } finally {
    ctx.changed(['identification']);
  }
  throw error;
}

/**
 * A payment or an exchange naming a person identified before the list in force barred them (Lei n.º 83/2017, art.
 * 76.º): refused before its transaction, the refusal recorded for the manager as an identification's is. The check
 * inside the transaction (identifiedFor) stays, for a list imported in between.
 */
export function refusingBarredPerson<C extends Channel, P>(personIdOf: (input: ParsedInput<C>) => number | undefined, handler: CommandHandler<C, P>): CommandHandler<C, P> {
  return {
    ...handler,
    async prepare(ctx, input) {
      const personId = personIdOf(input);
      const row = personId === undefined ? undefined : personById(ctx.db, personId);
      if (row) await refuseBarredKey(ctx, row.personKey);
      return handler.prepare ? handler.prepare(ctx, input) : (undefined as P);
    },
  };
}

/** The person named for a payment, as the rules see them, with their record; none when none is named. */
export interface Identified {
  facts: PersonFacts;
  row: PersonRow;
}

function identifiedOf(db: ReadableDb, personId: number | undefined): Identified | null {
  if (personId === undefined) return null;
  const row = personById(db, personId);
  if (!row) throw new KioskError('PERSON_NOT_FOUND', { personId });
  return { row, facts: { personId: row.id, verified: row.documentVerified === 1, erased: row.erasedAt !== null } };
}

/** What a payment or an exchange is, for the identification it may need. */
export interface ActCase {
  act: IdentifiedAct;
  cents: number;
  personId: number | undefined;
  /** Cheques the caixa pays (a guia's, a prize's, chips'): each only to an identified person. */
  chequeCents: number;
  chequeCount: number;
}

/**
 * Before a payment or an exchange: the person it names (if any), refused when the day's acts reach the threshold
 * without one, a cheque goes to no one, or a chip cheque passes the day's chips bought by card or cheque.
 */
export function identifiedFor(ctx: { db: ReadableDb; now: Date }, c: ActCase): Identified | null {
  const person = identifiedOf(ctx.db, c.personId);
  // Identified before the list in force barred them: no payment nor exchange (Lei n.º 83/2017, art. 76.º).
  if (person) checkNotBarred(ctx, person.row.personKey);
  const settings = hallSettings(ctx.db);
  const gamingDay = gamingDayOf(ctx.now, hallTimeZone(ctx.db));
  const priorCents = person ? dayTotalOfKey(ctx.db, person.row.personKey, gamingDay) : 0;
  checkIdentification({ act: c.act, cents: c.cents, priorCents, thresholdCents: settings.identificationThresholdCents, moment: settings.identificationMoment, person: person?.facts ?? null });
  checkChequePayee(c.chequeCount, person?.facts ?? null);
  if (c.act === 'chip_redemption' && c.chequeCents > 0) {
    const room = chipChequeRoom(ctx.db, person!.row.personKey, gamingDay);
    checkChipChequeCap(c.chequeCents, room.boughtCents, room.chequedCents);
  }
  return person;
}

/** The act kept with the person it was made to or by (nothing when no one was named). */
export function recordIdentifiedAct(
  ctx: CommandContext,
  person: Identified | null,
  a: { act: IdentifiedAct; refId: number; cashCents: number; chequeCents: number; cardCents: number },
): void {
  if (!person) return;
  const cents = a.cashCents + a.chequeCents + a.cardCents;
  insertIdentifiedAct(ctx.db, {
    personId: person.row.id,
    ...a,
    cents,
    gamingDay: gamingDayOf(ctx.now, hallTimeZone(ctx.db)),
    at: ctx.at,
    operatorId: operatorOf(ctx).id,
    terminalId: ctx.terminalId,
  });
}


/** The article an entry's or a purchase's identification rests on. */
const MOMENT_ARTICLE = 'Lei n.º 83/2017, art. 76.º, n.º 5';

/**
 * The player named for an entry or a purchase of cards (art. 76.º, n.º 5): recorded, not erased, the document seen
 * and checked, and not barred from play by the list in force (refused before the command by refusingBarredPerson,
 * and again here for a list imported in between).
 */
export function presentPerson(ctx: { db: ReadableDb; now: Date }, personId: number): Identified {
  const person = identifiedOf(ctx.db, personId)!;
  checkNotBarred(ctx, person.row.personKey);
  if (person.facts.erased) throw new KioskError('PERSON_ERASED', { personId });
  if (!person.facts.verified) throw new KioskError('IDENTIFICATION_NOT_VERIFIED', { personId, article: MOMENT_ARTICLE });
  return person;
}

/** The entry or the purchase kept with the player, apart from the books (identified_presences). */
export function recordPresence(ctx: CommandContext, person: Identified, moment: RecordedMoment, saleId: number | null): { id: number; gamingDay: string } {
  const gamingDay = gamingDayOf(ctx.now, hallTimeZone(ctx.db));
  const id = insertPresence(ctx.db, { personId: person.row.id, moment, saleId, gamingDay, at: ctx.at, operatorId: operatorOf(ctx).id, terminalId: ctx.terminalId });
  return { id, gamingDay };
}
