/**
 * The hall's rows mapped to the group's facts (issue 39): the one place that
 * knows both the hall's columns (what db/journal.ts journalDocuments reads,
 * by table) and the contract's fields (./facts.ts). The hall ships what this
 * gives with every entry; the group upcasts an entry shipped before facts
 * travelled (contract version 0) with the same function, from the raw rows
 * that entry carries.
 *
 * The mapping is kept by range of the hall's schema (its SQLite file's
 * user_version, the number of its newest migration): each entry of contract
 * version 1 records the hall schema it was shipped from, and the group maps
 * its documents again with the range that holds it (HALL_MAPPINGS), so
 * group:verify re-derives every entry's facts, whatever the hall's age, and
 * names an entry from a hall schema no range holds. When a hall migration
 * changes a column of a table this reads, the contract test
 * (test/group-contract.test.ts) fails: a new range is opened from that
 * migration with the mapping of the new columns, and the old one is kept, as
 * it is, for the entries shipped before (and, the first range, as the
 * upcaster of version 0). A table read for the first time counts the same:
 * its columns join the digest from the migration that made it, so the range
 * opens there (schema 39, card_refunds), the older range unchanged (its
 * halls have no such rows). Every fact leaves through its schema: a column
 * missing or of another kind is a refusal to ship, never a figure silently
 * zero.
 */
import { FACT_SCHEMAS, type EntryFacts, type FactKey } from './facts.js';

/** An entry's raw rows, by the hall's table (db/journal.ts EntryDocuments). */
type HallRows = Record<string, Record<string, unknown>[]>;

/**
 * The hall's own readers the mapping needs beside the rows: a machines' import file read as the caixa reads it
 * (core/caixa/rules.ts parseMachinesCsv, given by the caller: this folder imports only the kernel).
 */
export interface HallReaders {
  machinesCsv(csv: string): readonly { number: string; betCents: number }[];
}

/** The audit row's fields the mapping reads (the command, whether it was done, its input and answer as JSON texts). */
interface HallEntry {
  channel: string;
  outcome: string;
  input: string;
  after: string | null;
}

const json = (text: unknown): unknown => (typeof text === 'string' ? JSON.parse(text) : text);
/** A record with its keys in order (a fact's every object is canonical JSON as built). */
const sortedRecord = (o: unknown): unknown =>
  o !== null && typeof o === 'object' && !Array.isArray(o) ? Object.fromEntries(Object.entries(o).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))) : o;
const field = (o: unknown, name: string): unknown => (o !== null && typeof o === 'object' ? (o as Record<string, unknown>)[name] : undefined);

type RowMapping = readonly [FactKey, (row: Record<string, unknown>, rows: HallRows) => unknown];

/** Each table's rows to facts (the fact it publishes, its row mapped): the hall's columns named here and nowhere else on the group's side. */
const ROWS_33: { readonly [table: string]: RowMapping } = {
  sessions: ['session@1', (r) => ({ sessionId: r.id, openedAt: r.opened_at })],
  games: ['game@1', (r) => ({ gameId: r.id, sessionId: r.session_id, number: r.number })],
  game_closures: [
    'game_closure@1',
    // Closes made before the stamp duty was recorded on them carry none.
    (r) => ({ gameId: r.game_id, cards: r.cards_sold, totalCents: r.total_cents, stampDutyCents: r.stamp_duty_cents ?? 0 }),
  ],
  sales: [
    'sale@1',
    (r, rows) => ({
      saleId: r.id,
      gameId: r.game_id,
      at: r.created_at,
      cards: r.quantity,
      totalCents: r.total_cents,
      ranges: (rows.sale_ranges ?? [])
        .filter((x) => x.sale_id === r.id)
        .sort((a, b) => Number(a.position) - Number(b.position))
        .map((x) => ({ seriesId: x.series_id, first: x.from_number, last: x.to_number })),
    }),
  ],
  sale_voids: ['sale_void@1', (r) => ({ saleId: r.sale_id, at: r.voided_at })],
  winners: ['winner@1', (r) => ({ winnerId: r.id, gameId: r.game_id, kind: r.kind, prizeCents: r.prize_cents })],
  prize_payments: ['prize_payment@1', (r) => ({ winnerId: r.winner_id, paidAt: r.paid_at })],
  refunds: ['refund@1', (r) => ({ saleId: r.sale_id, amountCents: r.amount_cents, paidAt: r.paid_at })],
  guias: ['guia@1', (r) => ({ guiaId: r.id, number: r.number, machineId: r.machine_id, kind: r.kind, amountCents: r.amount_cents, issuedAt: r.issued_at })],
  guia_payments: [
    'guia_payment@1',
    (r) => {
      const cheques = json(r.cheques);
      if (!Array.isArray(cheques)) throw new Error('group contract: guia_payments.cheques is not a list');
      return { guiaId: r.guia_id, paidAt: r.paid_at, cashCents: r.cash_cents, chequeCents: cheques.reduce((s: number, c) => s + Number(field(c, 'amountCents')), 0) };
    },
  ],
  guia_voids: ['guia_void@1', (r) => ({ guiaId: r.guia_id, voidedAt: r.voided_at })],
  drawer_closes: [
    'z_report@1',
    (r) => {
      const z = json(r.report);
      return {
        zNumber: r.z_number,
        closedAt: r.closed_at,
        expectedCents: field(z, 'expectedCents'),
        countedCents: field(z, 'countedCents'),
        varianceCents: field(z, 'varianceCents'),
        movements: sortedRecord(field(z, 'movements')),
      };
    },
  ],
  fund_contributions: ['fund_contribution@1', (r) => ({ at: r.at, amountCents: r.amount_cents })],
  fund_transfers: ['fund_transfer@1', (r) => ({ at: r.at, amountCents: r.amount_cents })],
  machines: ['machine@1', (r) => ({ machineId: r.id, number: r.number })],
  meter_readings: ['meter_reading@1', (r) => ({ machineId: r.machine_id, at: r.at, coinsIn: r.delta_coins_in, prizesPaid: r.delta_prizes_paid })],
};

/**
 * From hall schema 39 (migration 0039, card_refunds): a card refunded by its number after its game's annulment
 * (art. 16.º, n.º 3) publishes its refund, by its game (the report counts it as a refund of the game's session).
 * The tables read before are read as they were.
 */
const ROWS_39: { readonly [table: string]: RowMapping } = {
  ...ROWS_33,
  card_refunds: ['card_refund@1', (r) => ({ gameId: r.game_id, amountCents: r.amount_cents, paidAt: r.paid_at })],
};

/**
 * The fact each of the hall's tables publishes to the group (tables not named publish none), as the newest range
 * maps them. For the domains' document descriptors to name (their `publishes`) and a test to hold them to.
 */
export const TABLE_FACTS: Readonly<Record<string, FactKey>> = Object.fromEntries(Object.entries(ROWS_39).map(([table, [key]]) => [table, key]));

/** What a command's own input or answer publishes (the commands that change a row the journal ships only by its unchanging columns). */
function answerFacts33(e: HallEntry, readers: HallReaders): { key: FactKey; fact: unknown }[] {
  if (e.outcome !== 'ok') return [];
  switch (e.channel) {
    case 'session.close': {
      const after = json(e.after);
      return [{ key: 'session_close@1', fact: { sessionId: field(after, 'sessionId'), closedAt: field(after, 'closedAt') } }];
    }
    case 'game.annul':
      return [{ key: 'game_annulment@1', fact: { gameId: field(json(e.input), 'gameId') } }];
    case 'machine.register':
    case 'machine.update': {
      const after = json(e.after);
      return [{ key: 'machine_bet@1', fact: { number: field(after, 'number'), betCents: field(after, 'betCents') } }];
    }
    case 'machine.import': {
      const csv = field(json(e.input), 'csv');
      if (typeof csv !== 'string') throw new Error('group contract: machine.import without its file');
      return readers.machinesCsv(csv).map((m) => ({ key: 'machine_bet@1' as const, fact: { number: m.number, betCents: m.betCents } }));
    }
    default:
      return [];
  }
}

/** One range of the hall's schemas and how their rows map to facts. */
export interface HallMapping {
  /** The first hall schema (user_version) it maps; it maps every later one up to the next range's first. */
  readonly from: number;
  /**
   * sha256 of the columns (name, type, not null, by table) of the tables it reads at its schemas
   * (test/group-contract.test.ts hallColumns): the contract test holds the newest hall schema's to the last range's.
   */
  readonly columns: string;
  readonly rows: { readonly [table: string]: RowMapping };
  readonly answers: (e: HallEntry, readers: HallReaders) => { key: FactKey; fact: unknown }[];
}

/**
 * The mapping by range of the hall's schema, oldest first. Schema 33 (document_types, issue 39.1) is the first a
 * hall ships facts from; the first range is also the upcaster of version 0 (entries shipped before facts
 * travelled record no hall schema: their rows are read as this range reads them, and group:verify derives them
 * again alike). A migration that changes a column these tables hold opens a new range from its number.
 */
export const HALL_MAPPINGS: readonly HallMapping[] = [
  { from: 33, columns: '38ed35e544c740d59232d0230b288fdfb80f5d46115dce3c93e061e128a1d658', rows: ROWS_33, answers: answerFacts33 },
  { from: 39, columns: 'd2edafb3b527187ae5b1b3e92eaf362a8b36d7c0741cf5d3eaf7955a8304e07e', rows: ROWS_39, answers: answerFacts33 },
];

/** The tables whose columns the mappings read (their rows, and the sales' ranges they join). */
export const MAPPED_TABLES: readonly string[] = [...new Set(HALL_MAPPINGS.flatMap((m) => [...Object.keys(m.rows), 'sale_ranges']))].sort();

/**
 * The mapping of hall schema `schema`, or null when no range holds it: below the first, or above `newest` (the
 * newest hall schema this program carries: a hall newer than the group's programs). null `schema`: an entry that
 * recorded none (version 0), read by the first range.
 */
export function hallMapping(schema: number | null, newest: number): HallMapping | null {
  if (schema === null) return HALL_MAPPINGS[0]!;
  if (!Number.isInteger(schema) || schema > newest) return null;
  let found: HallMapping | null = null;
  for (const m of HALL_MAPPINGS) if (m.from <= schema) found = m;
  return found;
}

/**
 * The facts an entry publishes, from its audit row and the rows its command wrote (tables this does not know
 * publish nothing: the acta's entries, drawers, series...), by `mapping` (the newest range by default: the hall
 * as it is now). Each fact is checked against its schema.
 */
export function factsOfHallRows(entry: HallEntry, rows: HallRows, readers: HallReaders, mapping: HallMapping = HALL_MAPPINGS[HALL_MAPPINGS.length - 1]!): EntryFacts {
  const out: Record<string, unknown[]> = {};
  const add = ({ key, fact }: { key: FactKey; fact: unknown }) => {
    const parsed = FACT_SCHEMAS[key].safeParse(fact);
    if (!parsed.success) throw new Error(`group contract: ${key} of ${entry.channel}: ${parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`).join('; ')}`);
    (out[key] ??= []).push(parsed.data);
  };
  for (const table of Object.keys(rows).sort()) {
    const row = mapping.rows[table];
    if (row) for (const r of rows[table]!) add({ key: row[0], fact: row[1](r, rows) });
  }
  for (const f of mapping.answers(entry, readers)) add(f);
  return sortedRecord(out) as EntryFacts;
}
