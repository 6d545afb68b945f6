/**
 * The list of persons barred from play (Lei n.º 83/2017, art. 76.º; SPEC 11):
 * a file read and said before it is imported, the import recorded (who, when,
 * the file's hash; the log keeps the hash only), and every identification
 * checked against the list in force. A match is refused in words and the
 * refusal commits for the manager (as a wrong PIN's count does), while the
 * identification itself is never recorded.
 *
 * The entries are kept by the group's keyed digest of the document, so they
 * are found by the same key an identification is; the names and numbers in
 * clear are the managers' only (compliance.day).
 */
import { createHash, createHmac } from 'node:crypto';
import { barredOn, barredSummary, parseBarredCsv, type BarredEntry } from '../../../core/compliance/barred.js';
import { documentIdentity, gamingDayOf } from '../../../core/compliance/rules.js';
import { barredLists, countIdentifiedKeys, currentBarredList, identityKey, insertBarredEntries, insertBarredList } from '../../../db/compliance.js';
import type { ReadableDb } from '../../../db/connection.js';
import { hallTimeZone } from '../../../db/people.js';
import { commandWith, done, operatorOf, query, type HandlerSlice, type PrepareContext } from '../shared/context.js';
import { personKeyFor, personKeyOf, refuseBarredKey, type DocumentFields } from '../shared/identification.js';

/** Entries keyed between two reports of progress. */
const PROGRESS_EVERY = 2_000;

function listView(l: NonNullable<ReturnType<typeof currentBarredList>>) {
  return { listId: l.id, importedAt: l.importedAt, importedBy: l.importedBy, entries: l.entries, sha256: l.fileSha256 };
}

function summaryOf(db: ReadableDb, now: Date, content: string, entries: readonly BarredEntry[], keyed?: readonly KeyedEntry[]) {
  const current = currentBarredList(db);
  const day = gamingDayOf(now, hallTimeZone(db));
  return {
    ...barredSummary(entries, day),
    identifiedOnList: identifiedOnList(db, day, entries, keyed),
    sha256: createHash('sha256').update(content).digest('hex'),
    replaces: current ? listView(current) : null,
  };
}

/**
 * The persons this hall identified (their records not erased) whom the file bars today: said before the import, so
 * the manager knows whose payments the caixa will refuse from then on. None before the hall's first identification.
 */
function identifiedOnList(db: ReadableDb, day: string, entries: readonly BarredEntry[], keyed?: readonly KeyedEntry[]): number {
  const key = identityKey(db);
  if (key === undefined) return 0;
  const barredToday = (keyed ?? keyedBy(key, entries)).filter((e) => barredOn(e, day)).map((e) => e.personKey);
  return countIdentifiedKeys(db, barredToday);
}

/** Before an identification is recorded: a document on the list in force is refused, the refusal kept (shared/identification.ts). */
export async function refuseIfBarred(ctx: PrepareContext, doc: DocumentFields): Promise<void> {
  await refuseBarredKey(ctx, personKeyOf(ctx.db, doc));
}

type KeyedEntry = BarredEntry & { personKey: string };

/** Each entry with the group's digest of its document (core/compliance/rules.ts documentIdentity), under `key`. */
function keyedBy(key: Buffer, entries: readonly BarredEntry[], progress?: (done: number, total: number) => void): KeyedEntry[] {
  return entries.map((e, i) => {
    if (progress && i % PROGRESS_EVERY === 0) progress(i, entries.length);
    return { ...e, personKey: createHmac('sha256', key).update(documentIdentity(e)).digest('hex') };
  });
}

export const barredHandlers: HandlerSlice<'barred.preview' | 'barred.import' | 'barred.lists'> = {
  'barred.preview': query((ctx, input) => summaryOf(ctx.db, ctx.now, input.content, parseBarredCsv(input.content))),

  'barred.import': commandWith(
    // The file read and keyed before the transaction, its progress told (a long file): a refusal of line 80 000
    // holds no write lock. A hall that never identified anyone has no key yet: its first import draws it, inside.
    async (ctx, input) => {
      const entries = parseBarredCsv(input.content);
      const key = identityKey(ctx.db);
      if (key === undefined) return { entries, keyed: null };
      const keyed = keyedBy(key, entries, (n, total) => ctx.io.progress('barred', n, total));
      ctx.io.progress('barred', entries.length, entries.length);
      return { entries, keyed };
    },
    (ctx, input, prepared) => {
      const operator = operatorOf(ctx);
      if (prepared.keyed === null) personKeyFor(ctx, prepared.entries[0]!);
      const rows = prepared.keyed ?? keyedBy(identityKey(ctx.db)!, prepared.entries);
      const summary = summaryOf(ctx.db, ctx.now, input.content, prepared.entries, rows);
      const listId = insertBarredList(ctx.db, { at: ctx.at, operatorId: operator.id, fileSha256: summary.sha256, entries: rows.length });
      insertBarredEntries(
        ctx.db,
        listId,
        rows.map((e) => ({ line: e.line, personKey: e.personKey, name: e.name, documentType: e.documentType, documentNumber: e.documentNumber, country: e.country, birthDate: e.birthDate, validFrom: e.validFrom, validUntil: e.validUntil })),
      );
      const result = { ...summary, listId, importedAt: ctx.at };
      // The log keeps the counts and the file's hash (its content is logged by its hash too): no one on the list.
      return done(result, { after: { listId, entries: summary.entries, inForce: summary.inForce, identifiedOnList: summary.identifiedOnList, sha256: summary.sha256 } });
    },
  ),

  'barred.lists': query((ctx) => barredLists(ctx.db).map(listView)),
};
