/**
 * The group's contract test (issue 39, docs/group-contract.md): a hall file
 * made by the migrations, one of each document the group reads written
 * through the real services, its journal read as the shipper reads it
 * (db/journal.ts) and mapped to facts (core/group-contract), then compared
 * with the facts committed in test/fixtures/group-contract-facts.json.
 *
 * It fails when a hall migration (or a service) changes what a published fact
 * says: a column renamed or dropped (the fact no longer parses), a figure
 * counted otherwise (the fact differs). Then either the mapping is put right
 * for the new rows (the facts the same: the fixture stands), or the fact's
 * meaning changed: a new version of it (sale@2...), the group reading both
 * or upcasting the old, and the fixture written again
 * (UPDATE_CONTRACT_FIXTURE=1 npx vitest run test/group-contract.test.ts).
 *
 * The group maps an entry's documents again by the range of hall schemas it
 * was shipped from (core/group-contract/hall-rows.ts HALL_MAPPINGS): so the
 * columns of every table the mapping reads, at the newest hall schema, must
 * be those the last range was written for (its `columns` digest). A
 * migration that adds, drops, renames or retypes one fails this test until a
 * new range is opened from its number (the old kept for the entries shipped
 * before); a migration that touches none of them holds.
 */
import { createHash } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countOf } from '../bench/export.js';
import { canonicalJson } from '../core/idempotency.js';
import { FACT_KEYS, factsProblem, type EntryFacts } from '../core/group-contract/facts.js';
import { factsOfHallRows, HALL_MAPPINGS, hallMapping, MAPPED_TABLES, type HallMapping } from '../core/group-contract/hall-rows.js';
import { loadMigrations, migrate, type Db } from '../db/connection.js';
import { drawerById, drawerExpectedCash } from '../db/drawers.js';
import { journalDocuments, journalEntries, journalHead } from '../db/journal.js';
import { HALL_READERS } from '../main/journal/digest.js';
import { createHarness, TEST_FLOAT, type Harness } from './harness.js';
import { identified } from './fixtures/persons.js';

const FIXTURE = new URL('./fixtures/group-contract-facts.json', import.meta.url);
const BINGO = [1, 2, 10, 11, 20, 21, 30, 31, 40, 41, 50, 60, 70, 80, 90];
const MANAGER = { username: 'gerente', pin: '2222' };
const ADMIN = { username: 'admin', pin: '1111' };

let h: Harness;

/** One of each document the group reads, through the services, on the test clock. */
async function writeEveryDocument(): Promise<void> {
  await h.ok('setup.init', { hallName: 'Sala do Contrato', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
  const admin = await h.login('admin', '1111');
  await h.ok('users.create', { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' }, admin);
  await h.ok('users.create', { username: 'caixa1', name: 'Caixa Um', roles: ['cashier'], pin: '3333' }, admin);
  await h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['caixa'], pin: '4444' }, admin);
  await h.ok('settings.update', { stampDutyBasisPoints: 2500 }, admin);
  await h.ok('ballSet.register', { serial: 'BOLAS-1' }, admin);
  const cashier = await h.login('caixa1', '3333');
  const drawer = await h.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, cashier);
  const manager = await h.login('gerente', '2222');
  const caixa = await h.login('caixa2', '4444');
  const caixaDrawer = await h.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, caixa);
  await h.ok('series.register', { code: 'A', priceCents: 150, size: 600 }, manager);
  const session = await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(h.clock.now().getTime() + 4 * 3_600_000).toISOString() }, manager);
  const sell = (gameId: number, quantity: number) => h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * 150 + 7 } }, cashier);

  // A game played to its end: sales, one voided, the close of sale, the bingo paid.
  const g1 = await h.ok('game.open', { seriesCode: 'A' }, manager);
  await sell(g1.id, 8);
  await sell(g1.id, 4);
  await h.ok('sale.voidLast', { gameId: g1.id, approval: MANAGER }, cashier);
  await sell(g1.id, 10);
  await h.ok('game.closeSale', { gameId: g1.id }, manager);
  for (const n of BINGO) await h.ok('game.drawBall', { gameId: g1.id, number: n }, manager);
  await h.ok('game.claim', { gameId: g1.id, kind: 'bingo', seriesCode: 'A', card: 1, confirmed: true, numbers: BINGO }, manager);
  const closed = await h.ok('game.closeClaims', { gameId: g1.id, kind: 'bingo' }, manager);
  for (const w of closed.winners) await h.ok('prize.pay', { winnerId: w.winnerId, card: { seriesCode: 'A', number: 1 } }, cashier);

  // A game annulled before its draw, one sale refunded whole, a card of another by its number (art. 16.º, n.º 3).
  const g2 = await h.ok('game.open', { seriesCode: 'A' }, manager);
  const s1 = await sell(g2.id, 4);
  const s2 = await sell(g2.id, 2);
  await h.ok('game.suspend', { gameId: g2.id }, manager);
  h.clock.advanceMinutes(15);
  await h.ok('game.annul', { gameId: g2.id, reason: 'failure_before_draw' }, manager);
  await h.ok('refund.pay', { saleId: s1.saleId }, cashier);
  await h.ok('refund.payCard', { gameId: g2.id, seriesCode: 'A', number: s2.ranges[0]!.from }, cashier);

  // The caixa: machines registered, edited and imported, meters, funds, guias paid (cash, cheque) and voided.
  await h.ok('machine.register', { number: '7', model: 'Lucky 7', betCents: 50, jackpotShareBasisPoints: 500 }, manager);
  await h.ok('machine.update', { number: '7', model: 'Lucky 7', betCents: 100, jackpotShareBasisPoints: 500 }, manager);
  await h.ok('machine.import', { csv: 'number,model,bet,location,group\n8,Lucky 7,1.00,,\n' }, manager);
  await h.ok('meters.record', { machineNumber: '7', coinsIn: 10_000, prizesPaid: 7_000, coinsCollected: 1_000 }, caixa);
  h.clock.advanceMinutes(5);
  await h.ok('meters.record', { machineNumber: '7', coinsIn: 15_000, prizesPaid: 9_500, coinsCollected: 1_400 }, caixa);
  await h.ok('jackpot.contribute', { fund: 'machine:7', amountCents: 12_345 }, manager);
  await h.ok('jackpot.transfer', { from: 'machine:7', to: 'machine:8', authorisationRef: 'IGJ 123/2026', approval: ADMIN }, manager);
  const cash = await h.ok('guia.issue', { machineNumber: '7', amountCents: 2_500, kind: 'hand_pay' }, caixa);
  await h.ok('guia.pay', { guiaId: cash.guiaId, cashCents: 2_500, cheques: [] }, caixa);
  const cheque = await h.ok('guia.issue', { machineNumber: '7', amountCents: 40_000, kind: 'hand_pay' }, caixa);
  await h.ok('guia.pay', { guiaId: cheque.guiaId, cashCents: 1_000, cheques: [{ amountCents: 39_000, number: '00123', bank: 'CGD' }], personId: await identified(h, caixa) }, caixa);
  const wrong = await h.ok('guia.issue', { machineNumber: '7', amountCents: 900, kind: 'credits_claim' }, caixa);
  await h.ok('guia.void', { guiaId: wrong.guiaId, reason: 'Máquina errada', approval: MANAGER }, caixa);

  // Each drawer's Z, the session closed.
  for (const [token, id] of [[cashier, drawer.drawerId], [caixa, caixaDrawer.drawerId]] as const) {
    await h.ok('drawer.close', { countedByDenomination: countOf(drawerExpectedCash(h.kiosk.db, drawerById(h.kiosk.db, id)!)) }, token);
  }
  await h.ok('session.recordCheck', { phase: 'end', kind: 'balls' }, manager);
  await h.ok('session.close', { sessionId: session.id }, manager);
}

/** The columns (name, type, not null) of every table the mappings read, as the hall's file has them, in order. */
function hallColumns(db: Db): string[] {
  return MAPPED_TABLES.flatMap((t) =>
    (db.prepare('SELECT name, type, "notnull" AS nn FROM pragma_table_info(?)').all(t) as { name: string; type: string; nn: number }[])
      .map((c) => `${t}.${c.name} ${c.type}${c.nn ? ' NOT NULL' : ''}`)
      .sort(),
  );
}

/**
 * Why the hall file's schema is not one the group's mapping reads, or null: its user_version held by a range (up to
 * the newest migration), and its mapped tables' columns those the range was written for.
 */
function mappingProblem(db: Db, newest: number): string | null {
  const schema = Number(db.pragma('user_version', { simple: true }));
  const mapping = hallMapping(schema, newest);
  if (!mapping) return `hall schema ${schema}: no range of HALL_MAPPINGS holds it`;
  const columns = hallColumns(db);
  const digest = createHash('sha256').update(columns.join('\n')).digest('hex');
  return digest === mapping.columns
    ? null
    : `hall schema ${schema} changed a column the group's mapping (from ${mapping.from}) reads: open a range from ${schema} in HALL_MAPPINGS ` +
        `with the mapping of these columns (columns ${digest}), keep the old one for entries shipped before:\n${columns.join('\n')}`;
}

/** A hall file made by the migrations and `more` after them (a later migration, as it would be written). */
function hallFile(more: string[] = []): Db {
  const db = new Database(':memory:') as unknown as Db;
  const migrations = loadMigrations();
  migrate(db, [...migrations, ...more.map((sql, i) => ({ version: migrations.length + 1 + i, name: `${migrations.length + 1 + i}-later.sql`, sql }))]);
  return db;
}

/** The journal as the shipper reads it, mapped to facts (by its schema's range): each entry that publishes one, with its command. */
function publishedFacts(): { seq: number; channel: string; facts: EntryFacts }[] {
  const head = journalHead(h.kiosk.db)!.seq;
  const documents = journalDocuments(h.kiosk.db, 0, head);
  const newest = loadMigrations().length;
  const mapping: HallMapping = hallMapping(Number(h.kiosk.db.pragma('user_version', { simple: true })), newest)!;
  expect(mapping).toBe(HALL_MAPPINGS[HALL_MAPPINGS.length - 1]);
  return journalEntries(h.kiosk.db, 0, head)
    .map((e) => ({ seq: e.id, channel: e.channel, facts: factsOfHallRows(e, documents.get(e.id) ?? {}, HALL_READERS, mapping) }))
    .filter((e) => Object.keys(e.facts).length > 0);
}

beforeAll(async () => {
  h = await createHarness();
  await writeEveryDocument();
});
afterAll(() => h?.close());

describe("the group's contract", () => {
  it('maps one of each document the group reads to the facts committed in the fixture', () => {
    const published = publishedFacts();
    if (process.env.UPDATE_CONTRACT_FIXTURE) writeFileSync(FIXTURE, `${JSON.stringify(published, null, 2)}\n`);
    // Every fact type of the contract is published by the scenario, each of its schema.
    const types = new Set(published.flatMap((e) => Object.keys(e.facts)));
    expect([...FACT_KEYS].filter((k) => !types.has(k))).toEqual([]);
    for (const e of published) {
      expect(factsProblem(e.facts), `${e.seq} ${e.channel}`).toBeNull();
      // Canonical as built: the shipper digests them with JSON.stringify, the group with canonicalJson.
      expect(JSON.stringify(e.facts), `${e.seq} ${e.channel}`).toBe(canonicalJson(e.facts));
    }
    expect(published).toEqual(JSON.parse(readFileSync(FIXTURE, 'utf8')));
  });

  it("holds the newest hall schema's columns to those the last mapping range was written for", () => {
    const newest = loadMigrations().length;
    expect(Number(h.kiosk.db.pragma('user_version', { simple: true }))).toBe(newest);
    expect(mappingProblem(h.kiosk.db, newest)).toBeNull();
    // Every range reads from a schema of its own, in order.
    expect(HALL_MAPPINGS.map((m) => m.from)).toEqual([...new Set(HALL_MAPPINGS.map((m) => m.from))].sort((a, b) => a - b));
  });

  it("holds every hall schema each range maps (from its first to the next range's, or the newest) to the columns it was written for", () => {
    const migrations = loadMigrations();
    const checked: number[] = [];
    for (const [i, m] of HALL_MAPPINGS.entries()) {
      const last = (HALL_MAPPINGS[i + 1]?.from ?? migrations.length + 1) - 1;
      for (let schema = m.from; schema <= last; schema++) {
        const db = new Database(':memory:') as unknown as Db;
        try {
          migrate(db, migrations.slice(0, schema));
          expect(mappingProblem(db, migrations.length), `hall schema ${schema}`).toBeNull();
          expect(hallMapping(schema, migrations.length)).toBe(m);
          checked.push(schema);
        } finally {
          db.close();
        }
      }
    }
    expect(checked).toEqual(Array.from({ length: migrations.length - HALL_MAPPINGS[0]!.from + 1 }, (_, k) => HALL_MAPPINGS[0]!.from + k));
  });

  it('fails for a later migration that changes a column the mapping reads, not for one that touches none', () => {
    const newest = loadMigrations().length;
    const renamed = hallFile(['ALTER TABLE sales RENAME COLUMN total_cents TO amount_cents;']);
    const added = hallFile(['ALTER TABLE winners ADD COLUMN note TEXT;']);
    const other = hallFile(['CREATE TABLE later_notes (id INTEGER PRIMARY KEY, body TEXT NOT NULL) STRICT;']);
    try {
      // Its number is past the newest this program carries: the group reads none of its entries yet.
      expect(hallMapping(newest + 1, newest)).toBeNull();
      // Carried (newest + 1), it holds only if it changed no column the mapping reads.
      expect(mappingProblem(renamed, newest + 1)).toMatch(/changed a column the group's mapping \(from \d+\) reads[^]*sales\.amount_cents INTEGER NOT NULL/);
      expect(mappingProblem(added, newest + 1)).toMatch(/winners\.note TEXT/);
      expect(mappingProblem(other, newest + 1)).toBeNull();
    } finally {
      for (const db of [renamed, added, other]) db.close();
    }
  });

  it('refuses to map a row whose column is gone (a migration that renamed it), never a figure silently zero', () => {
    const head = journalHead(h.kiosk.db)!.seq;
    const documents = journalDocuments(h.kiosk.db, 0, head);
    const entry = journalEntries(h.kiosk.db, 0, head).find((e) => e.channel === 'sale.create')!;
    const rows = documents.get(entry.id)!;
    const renamed = { ...rows, sales: rows.sales!.map(({ total_cents, ...r }) => ({ ...r, amount_cents: total_cents })) };
    expect(() => factsOfHallRows(entry, renamed, HALL_READERS)).toThrow(/sale@1 of sale\.create: totalCents/);
  });
});
