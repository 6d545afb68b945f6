/**
 * Identified players (Lei n.º 83/2017, art. 4.º, n.º 1, a) and art. 76.º;
 * SPEC 11): an identification recorded with the document seen and checked,
 * found again by the document in hand; the gaming day's record for the
 * managers (on screen and as CSV). The caixa's and the counter's payments call
 * `identifiedFor` before they pay and `recordIdentifiedAct` as they do
 * (main/services/shared/identification.ts).
 *
 * A person's data is kept in its own tables only: the audit row of an
 * identification holds `[dados pessoais]` in place of its input and the
 * record's id in its after (db/audit.ts), the answer is never kept with a key,
 * and the journal ships of a person only the group's keyed digest.
 */
import type { PersonView } from '../../../core/compliance/contract.js';
import { COMPLIANCE_DAY_CSV, type ComplianceCsvRow } from '../../../core/compliance/exports.js';
import { addsToThreshold, checkAdult, gamingDayOf } from '../../../core/compliance/rules.js';
import { csvFilename, toCsv } from '../../../core/csv.js';
import { hallDayStart } from '../../../core/time.js';
import { KioskError } from '../../../core/errors.js';
import { barredRefusalsSince, dayActs, entriesOfKey, insertPerson, latestPersonByKey, personById, type DayActRow, type PersonRow } from '../../../db/compliance.js';
import type { ReadableDb } from '../../../db/connection.js';
import { hallRow, hallTimeZone } from '../../../db/people.js';
import { softwareLabel } from '../../version.js';
import { command, commandWith, done, operatorOf, query, queryWaiting, type HandlerSlice } from '../shared/context.js';
import { checkNotBarred, personKeyFor, personKeyOf, presentPerson, recordPresence, refusingBarredPerson } from '../shared/identification.js';
import { barredHandlers, refuseIfBarred } from './barred.js';
import { erasureHandlers } from './erasure.js';
import { identityKeyHandlers } from './identity-key.js';

/** A number shown to the screen masked but for its last 3 characters. */
function masked(n: string | null): string {
  if (n === null) return '';
  return n.length <= 3 ? n : `${'•'.repeat(n.length - 3)}${n.slice(-3)}`;
}

function personView(p: PersonRow): PersonView {
  return {
    personId: p.id,
    name: p.name ?? '',
    documentType: p.documentType,
    documentMasked: masked(p.documentNumber),
    country: p.country,
    birthDate: p.birthDate ?? '',
    documentVerified: p.documentVerified === 1,
    recordedAt: p.recordedAt,
    recordedBy: p.recordedBy,
  };
}

/** The day's rows with each person's total (every identification of one document added up). */
function dayRows(db: ReadableDb, gamingDay: string): (DayActRow & { dayTotalCents: number })[] {
  const acts = dayActs(db, gamingDay);
  const totals = new Map<string, number>();
  // Payments and exchanges add up; an entry or a purchase of cards is listed, never counted (art. 76.º, n.º 5).
  for (const a of acts) if (addsToThreshold(a.act)) totals.set(a.personKey, (totals.get(a.personKey) ?? 0) + a.cents);
  return acts.map((a) => ({ ...a, dayTotalCents: totals.get(a.personKey) ?? 0 }));
}

/** The identifications refused that gaming day because the person is barred from play, with the entry that barred them. */
function dayRefusals(db: ReadableDb, gamingDay: string) {
  const zone = hallTimeZone(db);
  const from = hallDayStart(gamingDay, zone);
  return from === null ? [] : barredRefusalsSince(db, from).filter((r) => gamingDayOf(new Date(r.at), zone) === gamingDay);
}

export const complianceHandlers: HandlerSlice<
  | 'person.identify'
  | 'person.find'
  | 'person.enter'
  | 'person.erasurePreview'
  | 'person.erase'
  | 'identityKey.status'
  | 'identityKey.install'
  | 'compliance.day'
  | 'export.complianceDay'
  | 'report.complianceDayPdf'
  | 'barred.preview'
  | 'barred.import'
  | 'barred.lists'
> = {
  ...barredHandlers,
  ...erasureHandlers,
  ...identityKeyHandlers,
  'person.identify': commandWith(
    // The list of persons barred from play first (Lei n.º 83/2017, art. 76.º): a match is refused, the refusal kept.
    async (ctx, input) => {
      if (!input.documentVerified) throw new KioskError('IDENTIFICATION_UNVERIFIED_RECORD');
      await refuseIfBarred(ctx, input.person);
    },
    (ctx, input) => {
    if (!input.documentVerified) throw new KioskError('IDENTIFICATION_UNVERIFIED_RECORD');
    const p = input.person;
    checkAdult(p.birthDate, gamingDayOf(ctx.now, hallTimeZone(ctx.db)));
    const personKey = personKeyFor(ctx, p);
    const operator = operatorOf(ctx);
    const id = insertPerson(ctx.db, { personKey, name: p.name, documentType: p.documentType, documentNumber: p.documentNumber, country: p.country, birthDate: p.birthDate, at: ctx.at, operatorId: operator.id, terminalId: ctx.terminalId });
    // The log keeps the record's id and the group's digest, never the person (the input is redacted too).
    return done(personView(personById(ctx.db, id)!), { after: { personId: id, personKey } });
    },
  ),

  // The entrance's desk, where the hall identifies its bingo players there (Lei n.º 83/2017, art. 76.º, n.º 5).
  'person.enter': refusingBarredPerson(
    (input) => input.personId,
    command((ctx, input) => {
      const person = presentPerson(ctx, input.personId);
      const { id, gamingDay } = recordPresence(ctx, person, 'entry', null);
      const result = { entryId: id, personId: person.row.id, at: ctx.at, gamingDay, entriesToday: entriesOfKey(ctx.db, person.row.personKey, gamingDay) };
      return done(result, { after: result });
    }),
  ),

  'person.find': query((ctx, input) => {
    const key = personKeyOf(ctx.db, input.person);
    const row = key === null ? undefined : latestPersonByKey(ctx.db, key);
    if (!row) throw new KioskError('PERSON_NOT_IDENTIFIED');
    checkNotBarred(ctx, key);
    return personView(row);
  }),

  'compliance.day': query((ctx, input) => ({
    gamingDay: input.gamingDay,
    refusals: dayRefusals(ctx.db, input.gamingDay),
    acts: dayRows(ctx.db, input.gamingDay).map((a) => ({
      at: a.at,
      act: a.act,
      refId: a.refId,
      cents: a.cents,
      cashCents: a.cashCents,
      chequeCents: a.chequeCents,
      cardCents: a.cardCents,
      operator: a.operator,
      terminalId: a.terminalId,
      personId: a.personId,
      name: a.name ?? '',
      documentType: a.documentType,
      documentNumber: a.documentNumber ?? '',
      country: a.country,
      dayTotalCents: a.dayTotalCents,
    })),
  })),

  'report.complianceDayPdf': queryWaiting(async (ctx, input) => {
    const hall = hallRow(ctx.db);
    const pdf = await ctx.io.pdf.complianceDay({
      hallName: hall?.hallName ?? '',
      licence: hall?.licence ?? null,
      gamingDay: input.gamingDay,
      timeZone: hallTimeZone(ctx.db),
      software: softwareLabel(),
      generatedAt: ctx.at,
      acts: dayRows(ctx.db, input.gamingDay).map((a) => ({ ...a, name: a.name ?? '(apagado)', documentNumber: a.documentNumber ?? '(apagado)' })),
      refusals: dayRefusals(ctx.db, input.gamingDay),
    });
    return { filename: `identificacoes-${input.gamingDay}.pdf`, base64: pdf.toString('base64') };
  }),

  'export.complianceDay': query((ctx, input) => {
    const acts: ComplianceCsvRow[] = dayRows(ctx.db, input.gamingDay).map((a) => ({ kind: 'act' as const, ...a }));
    const refusals: ComplianceCsvRow[] = dayRefusals(ctx.db, input.gamingDay).map((r) => ({ kind: 'refusal' as const, ...r }));
    // One table in the order things happened (a stable sort: acts before refusals of the same instant).
    const rows = [...acts, ...refusals].sort((a, b) => (a.at < b.at ? -1 : a.at > b.at ? 1 : 0));
    const zone = hallTimeZone(ctx.db);
    return { filename: csvFilename('identificacoes', input.gamingDay), content: toCsv(COMPLIANCE_DAY_CSV, rows, zone, { software: softwareLabel(), madeAt: ctx.at }), rows: rows.length };
  }),
};
