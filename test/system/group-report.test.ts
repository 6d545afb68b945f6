/**
 * The group's report on a real PostgreSQL (issue 25): two halls, each on its
 * own data folder, play a whole session (sales, a void, prizes, an annulled
 * game and a refund, guias paid in cash and by cheque and one voided, a
 * drawer's Z, the session closed), ship into one database, and the report
 * read from PostgreSQL alone equals to the cent what each hall's own acta,
 * Z report and meter report say (read through the hall's own services).
 * The second hall keeps the Azores' clock and opens its session at 23:30
 * there (00:30 in Lisbon, the next day): the group counts it on its own day.
 */
import { countOf } from '../../bench/export.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hallDay, type HallTimeZone } from '../../core/time.js';
import { periodIn, reportPeriod, type GroupReport } from '../../core/group-report.js';
import { drawerById, drawerExpectedCash } from '../../db/drawers.js';
import { documentsHash, hallIdentity } from '../../db/journal.js';
import { openGroup, verifyGroup, type Group } from '../../main/group/index.js';
import { shipHall } from '../../main/journal/ship.js';
import { readGroupReport, reportText } from '../../main/group/report.js';
import { upcastGroup } from '../../main/group/upcast.js';
import { summarizeBacklog } from '../../main/group/summarize.js';
import { createHarness, TEST_FLOAT, type Harness } from '../harness.js';
import { createTestDatabase, type TestDatabase } from '../postgres.js';
import { identified } from '../fixtures/persons.js';

/** A card's bingo read by hand (1 or 2 numbers in every column): its balls finish a game. */
const BINGO = [1, 2, 10, 11, 20, 21, 30, 31, 40, 41, 50, 60, 70, 80, 90];
const MANAGER = { username: 'gerente', pin: '2222' };


interface PlayedHall {
  h: Harness;
  sessionId: number;
  drawerId: number;
  caixaDrawerId: number;
  start: Date;
  timeZone: HallTimeZone;
  guiasPaidCents: number;
  /** The annulled game's refunds paid in the session: a sale of 4 cards whole, one card of another by its number. */
  refundsCents: number;
  manager: string;
}

/** A hall's whole day: its figures vary with `k` so the two halls differ. */
async function playHall(name: string, k: number, timeZone: HallTimeZone = 'Europe/Lisbon', startsAt?: string): Promise<PlayedHall> {
  const h = await createHarness();
  if (startsAt) h.clock.current = new Date(startsAt);
  await h.ok('setup.init', { hallName: name, admin: { username: 'admin', name: 'Admin', pin: '1111' } });
  const admin = await h.login('admin', '1111');
  await h.ok('users.create', { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' }, admin);
  await h.ok('users.create', { username: 'caixa1', name: 'Caixa Um', roles: ['cashier'], pin: '3333' }, admin);
  await h.ok('users.create', { username: 'caixa2', name: 'Caixa Dois', roles: ['caixa'], pin: '4444' }, admin);
  await h.ok('settings.update', { stampDutyBasisPoints: 2500 + 100 * k, timeZone }, admin);
  await h.ok('ballSet.register', { serial: `BOLAS-${k}` }, admin);
  const cashier = await h.login('caixa1', '3333');
  const drawer = await h.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, cashier);
  const manager = await h.login('gerente', '2222');
  const caixa = await h.login('caixa2', '4444');
  // The caixa's own drawer beside the cashier's: the guias' cash goes through it alone.
  const caixaDrawer = await h.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, caixa);
  const start = h.clock.now();
  await h.ok('series.register', { code: 'A', priceCents: 100 + 50 * k, size: 600 }, manager);
  const session = await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(start.getTime() + 4 * 3_600_000).toISOString() }, manager);
  const sell = (gameId: number, quantity: number) =>
    h.ok('sale.create', { gameId, quantity, payment: { method: 'cash', tenderedCents: quantity * (100 + 50 * k) + 7 } }, cashier);

  // A game played to its end: sales, the last one voided, the bingo (and the line with it) paid.
  const g1 = await h.ok('game.open', { seriesCode: 'A' }, manager);
  await sell(g1.id, 7 + k);
  await sell(g1.id, 13);
  await sell(g1.id, 3 + k);
  await h.ok('sale.voidLast', { gameId: g1.id, approval: MANAGER }, cashier);
  await sell(g1.id, 11 - k);
  await h.ok('game.closeSale', { gameId: g1.id }, manager);
  for (const n of BINGO) await h.ok('game.drawBall', { gameId: g1.id, number: n }, manager);
  await h.ok('game.claim', { gameId: g1.id, kind: 'bingo', seriesCode: 'A', card: 1, confirmed: true, numbers: BINGO }, manager);
  const closed = await h.ok('game.closeClaims', { gameId: g1.id, kind: 'bingo' }, manager);
  for (const w of closed.winners) await h.ok('prize.pay', { winnerId: w.winnerId, card: { seriesCode: 'A', number: 1 } }, cashier);

  // A game annulled before its draw: one sale refunded now, of the other one card handed back and refunded by its
  // number (art. 16.º, n.º 3), its other cards carried.
  const g2 = await h.ok('game.open', { seriesCode: 'A' }, manager);
  const s1 = await sell(g2.id, 4);
  const s2 = await sell(g2.id, 2 + k);
  await h.ok('game.suspend', { gameId: g2.id }, manager);
  h.clock.advanceMinutes(15);
  await h.ok('game.annul', { gameId: g2.id, reason: 'failure_before_draw' }, manager);
  await h.ok('refund.pay', { saleId: s1.saleId }, cashier);
  expect((await h.ok('refund.payCard', { gameId: g2.id, seriesCode: 'A', number: s2.ranges[0]!.from }, cashier)).amountCents).toBe(100 + 50 * k);

  // The caixa: a machine and its meters, three guias (cash, cheque, voided).
  await h.ok('machine.register', { number: '7', model: 'Lucky 7', betCents: 50, jackpotShareBasisPoints: 500 }, manager);
  await h.ok('meters.record', { machineNumber: '7', coinsIn: 10_000, prizesPaid: 7_000, coinsCollected: 1_000 }, caixa);
  h.clock.advanceMinutes(5);
  await h.ok('meters.record', { machineNumber: '7', coinsIn: 14_000 + 1000 * k, prizesPaid: 9_500, coinsCollected: 1_400 }, caixa);
  const cash = await h.ok('guia.issue', { machineNumber: '7', amountCents: 2_500 + k, kind: 'hand_pay' }, caixa);
  await h.ok('guia.pay', { guiaId: cash.guiaId, cashCents: 2_500 + k, cheques: [] }, caixa);
  const cheque = await h.ok('guia.issue', { machineNumber: '7', amountCents: 40_000, kind: 'hand_pay' }, caixa);
  await h.ok('guia.pay', { guiaId: cheque.guiaId, cashCents: 1_000, cheques: [{ amountCents: 39_000, number: `00${k}123`, bank: 'CGD' }], personId: await identified(h, caixa) }, caixa);
  const wrong = await h.ok('guia.issue', { machineNumber: '7', amountCents: 900, kind: 'credits_claim' }, caixa);
  await h.ok('guia.void', { guiaId: wrong.guiaId, reason: 'Máquina errada', approval: MANAGER }, caixa);

  // Each drawer counted blind by its operator, exact (the books say what it holds), the end check, the close.
  for (const [token, id] of [[cashier, drawer.drawerId], [caixa, caixaDrawer.drawerId]] as const) {
    await h.ok('drawer.close', { countedByDenomination: countOf(drawerExpectedCash(h.kiosk.db, drawerById(h.kiosk.db, id)!)) }, token);
  }
  await h.ok('session.recordCheck', { phase: 'end', kind: 'balls' }, manager);
  await h.ok('session.close', { sessionId: session.id }, manager);
  return { h, sessionId: session.id, drawerId: drawer.drawerId, caixaDrawerId: caixaDrawer.drawerId, start, timeZone, guiasPaidCents: 2_500 + k + 40_000, refundsCents: 5 * (100 + 50 * k), manager };
}

let pgdb: TestDatabase;
let group: Group;
let halls: PlayedHall[];

beforeAll(async () => {
  pgdb = await createTestDatabase();
  group = await openGroup(pgdb.url);
  // Sala Sul, in the Azores, opens at 23:30 on 30 November there: 00:30 on 1 December in Lisbon.
  halls = [await playHall('Sala Norte', 1), await playHall('Sala Sul', 2, 'Atlantic/Azores', '2026-12-01T00:30:00.000Z')];
});

afterAll(async () => {
  for (const h of halls ?? []) h.h.close();
  await group?.close();
  await pgdb?.drop();
});

/** The hall day its session opened on, on its own clock. */
const periodOf = (p: PlayedHall) => reportPeriod({ from: hallDay(p.start, p.timeZone), to: hallDay(p.start, p.timeZone) }, hallDay(p.start, p.timeZone));

describe('the group report', () => {
  it("equals each hall's acta, Z report and meter report to the cent, from PostgreSQL alone; shipping again adds nothing", async () => {
    // Sala Sul an entry per batch: each void, refund, payment and Z summed in a batch after the sale, guia or
    // session it refers to (looked up in what the group holds), to the same figures.
    await shipHall(halls[0]!.h.kiosk.db, group.pool);
    await shipHall(halls[1]!.h.kiosk.db, group.pool, { batch: 1 });
    const [before] = await pgdb.query<{ n: string }>('SELECT COUNT(*) AS n FROM journal');
    for (const p of halls) expect((await shipHall(p.h.kiosk.db, group.pool)).shipped).toBe(0);
    const [after] = await pgdb.query<{ n: string }>('SELECT COUNT(*) AS n FROM journal');
    expect(after).toEqual(before);
    expect((await verifyGroup(group.pool)).valid).toBe(true);

    // The halls' files are not read from here on: the report is PostgreSQL's.
    // 30 November: Sala Norte's evening and Sala Sul's, on each hall's clock.
    expect(periodOf(halls[0]!).fromDay).toBe('2026-11-30');
    expect(periodOf(halls[1]!).fromDay).toBe('2026-11-30');
    const report: GroupReport = await readGroupReport(group.pool, periodOf(halls[0]!));
    expect(report.rows).toHaveLength(2);
    // Read from the summaries kept as the entries arrived (issue 43), to the very figures summed from the entries.
    expect(report.readFromEntries).toEqual([]);
    expect(await pgdb.query(`SELECT summarized_seq = head_seq AS summed FROM halls`)).toEqual([{ summed: true }, { summed: true }]);
    const check = await verifyGroup(group.pool);
    expect(check.halls.map((h) => h.summaries)).toEqual([
      { fromDay: '2026-11-29', toDay: '2026-11-30', differences: [] },
      { fromDay: '2026-11-29', toDay: '2026-11-30', differences: [] },
    ]);
    // On Lisbon's clock alone, 1 December holds Sala Sul's session and nothing of Sala Norte's: none, read on the halls' own.
    expect((await readGroupReport(group.pool, reportPeriod({ from: '2026-12-01', to: '2026-12-01' }, '2026-12-01'))).rows.filter((r) => r.sessionNumber !== null)).toEqual([]);
    for (const p of halls) {
      const acta = await p.h.ok('session.acta', { sessionId: p.sessionId }, p.manager);
      const z = await p.h.ok('report.z', { drawerId: p.drawerId }, p.manager);
      const zCaixa = await p.h.ok('report.z', { drawerId: p.caixaDrawerId }, p.manager);
      const row = report.rows.find((r) => r.hallId === hallIdentity(p.h.kiosk.db).hallId)!;
      expect(row).toMatchObject({
        hallName: acta.hallName,
        sessionNumber: acta.sessionId,
        date: hallDay(new Date(acta.openedAt), p.timeZone),
        openedAt: acta.openedAt,
        closedAt: acta.closedAt,
        games: acta.games.length,
        gamesAnnulled: acta.games.filter((g) => g.state === 'annulled').length,
        cardsSold: acta.totals.cardsSold,
        salesCents: acta.totals.totalCents,
        prizesCents: acta.totals.prizesPaidCents,
        linePrizesCents: acta.games.reduce((s, g) => s + g.linePaidCents, 0),
        bingoPrizesCents: acta.games.reduce((s, g) => s + g.bingoPaidCents, 0),
        specialPrizesCents: acta.games.reduce((s, g) => s + g.specialPaidCents, 0),
        stampDutyCents: acta.totals.stampDutyCents,
        refundsCents: acta.totals.refundedCents,
        voids: 1,
        guiasPaid: 2,
        guiasPaidCents: p.guiasPaidCents,
        guiasVoided: 1,
        zReports: 2,
        zExpectedCents: z.expectedCents + zCaixa.expectedCents,
        zCountedCents: z.countedCents + zCaixa.countedCents,
        zVarianceCents: z.varianceCents + zCaixa.varianceCents,
        // The guias' cash part went out of the caixa's drawer alone, as its Z says.
        guiasCashCents: zCaixa.movements.guias,
      });
      // The refunds to the cent: the sale of 4 cards and the card refunded alone (Sala Norte 6,00 € + 1,50 €, Sala Sul
      // 8,00 € + 2,00 €), the acta's figure too.
      expect([row.refundsCents, acta.totals.refundedCents]).toEqual([p.refundsCents, p.refundsCents]);
      // The cash guia in full and 10,00 € of the cheque one; none from the cashier's.
      expect([z.movements.guias, zCaixa.movements.guias]).toEqual([0, p.guiasPaidCents - 40_000 + 1_000]);
      // Every figure this scenario makes is there: nothing compared is zero.
      for (const key of ['cardsSold', 'salesCents', 'prizesCents', 'stampDutyCents', 'refundsCents', 'guiasChequeCents', 'zExpectedCents'] as const) {
        expect(row[key], key).toBeGreaterThan(0);
      }
      // Each machine's return as the hall's own meter report counts it over the same period.
      const period = periodIn(periodOf(p), p.timeZone);
      const meters = await p.h.ok('report.machineReturn', { from: period.from, to: period.to }, p.manager);
      const mine = report.machines.filter((m) => m.hallName === acta.hallName);
      expect(mine.map((m) => [m.number, m.playedCents, m.machinePrizesCents, m.guiasCents, m.returnBasisPoints, m.below])).toEqual(
        meters.machines.map((m) => [m.number, m.playedCents, m.machinePrizesCents, m.guiasCents, m.returnBasisPoints, m.below]),
      );
    }
    // The two outputs a person reads: CSV with a row per session, one HTML page that fetches nothing.
    const csv = reportText(report, 'csv');
    expect(csv.split('\r\n').filter(Boolean)).toHaveLength(3);
    const html = reportText(report, 'html');
    expect(html).toContain('<svg');
    expect(html).not.toMatch(/(src|href)=["']?https?:/);
  });

  it("reads entries shipped before facts travelled (the group's contract, version 0: upcast from their raw rows) to the same figures", async () => {
    const period = periodOf(halls[0]!);
    const shipped = await readGroupReport(group.pool, period);
    // Every entry as an older shipper left it: its documents and their digest alone, no facts, no contract. But a
    // card's refund by its number: its table came (hall schema 39) long after facts travelled (33), so no shipper
    // ever sent one without its facts; it stays as the hall built it (version 1), read beside the upcast ones.
    for (const e of await pgdb.query<{ hall_id: string; seq: string; hash: string; documents: Record<string, Record<string, unknown>[]> }>(
      `SELECT hall_id, seq, hash, documents FROM journal WHERE NOT documents ? 'card_refunds'`,
    )) {
      await pgdb.query('UPDATE journal SET contract = NULL, facts = NULL, fact_types = NULL, documents_hash = $3 WHERE hall_id = $1 AND seq = $2', [
        e.hall_id,
        e.seq,
        documentsHash(e.hash, e.documents),
      ]);
    }
    await pgdb.query('UPDATE halls SET facts_from = NULL');
    // Opened again, the group upcasts them: version 0, each fact derived from the rows and the audit row the entry carries.
    const again = await openGroup(pgdb.url);
    try {
      expect(await pgdb.query(`SELECT contract, array_agg(DISTINCT kind) AS kinds FROM journal GROUP BY 1 ORDER BY 1`)).toEqual([
        { contract: 0, kinds: expect.not.arrayContaining(['refund.payCard']) },
        { contract: 1, kinds: ['refund.payCard'] },
      ]);
      expect((await verifyGroup(again.pool)).valid).toBe(true);
      expect({ ...(await readGroupReport(again.pool, period)), generatedAt: '' }).toEqual({ ...shipped, generatedAt: '' });
      // A derived fact edited in PostgreSQL: derived again by group:verify, it is not the same.
      const id = hallIdentity(halls[0]!.h.kiosk.db).hallId;
      const [sale] = await pgdb.query<{ seq: string }>(`SELECT seq FROM journal WHERE hall_id = $1 AND fact_types && ARRAY['sale@1'] ORDER BY seq LIMIT 1`, [id]);
      const edit = (by: number) =>
        pgdb.query(
          `UPDATE journal SET facts = jsonb_set(facts, '{sale@1,0,totalCents}', to_jsonb((facts#>>'{sale@1,0,totalCents}')::bigint + $3)) WHERE hall_id = $1 AND seq = $2`,
          [id, sale!.seq, by],
        );
      await edit(100);
      expect((await verifyGroup(again.pool)).halls.find((h) => h.hallId === id)!.firstBreak).toEqual({
        seq: Number(sale!.seq),
        reason: 'facts',
        words: expect.stringMatching(/^sale@1 n\.º 1: totalCents \d+ nos factos, \d+ nos documentos$/),
      });
      await edit(-100);
      // An entry left without facts (an older shipper's, arrived since the group's programs opened it) is named: the
      // report would miss its sale. Upcast, it holds again.
      await pgdb.query('UPDATE journal SET contract = NULL, facts = NULL, fact_types = NULL WHERE hall_id = $1 AND seq = $2', [id, sale!.seq]);
      expect((await verifyGroup(again.pool)).halls.find((h) => h.hallId === id)!.firstBreak).toEqual({
        seq: Number(sale!.seq),
        reason: 'facts',
        words: 'sem factos, e os documentos dão sale@1 que o relatório não veria',
      });
      expect(await upcastGroup(again.pool)).toBe(1);
      expect((await verifyGroup(again.pool)).valid).toBe(true);
      // New entries shipped after are the hall's facts again (version 1), and they must be: the old entries read beside them.
      const p = halls[0]!;
      await p.h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(p.h.clock.now().getTime() + 3_600_000).toISOString() }, p.manager);
      await shipHall(p.h.kiosk.db, again.pool);
      expect(await pgdb.query(`SELECT contract, count(*)::int AS n FROM journal WHERE hall_id = $1 GROUP BY 1 ORDER BY 1`, [id])).toEqual([
        { contract: 0, n: expect.any(Number) },
        { contract: 1, n: 2 },
      ]);
      expect((await verifyGroup(again.pool)).valid).toBe(true);
      // A published fact edited: its digest binds it with the documents.
      const [opened] = await pgdb.query<{ seq: string }>(`SELECT seq FROM journal WHERE hall_id = $1 AND contract = 1 AND kind = 'session.open'`, [id]);
      await pgdb.query(`UPDATE journal SET facts = jsonb_set(facts, '{session@1,0,sessionId}', '99') WHERE hall_id = $1 AND seq = $2`, [id, opened!.seq]);
      expect((await verifyGroup(again.pool)).halls.find((h) => h.hallId === id)!.firstBreak).toEqual({ seq: Number(opened!.seq), reason: 'documents' });
      await pgdb.query(`UPDATE journal SET facts = jsonb_set(facts, '{session@1,0,sessionId}', '2') WHERE hall_id = $1 AND seq = $2`, [id, opened!.seq]);
      expect((await verifyGroup(again.pool)).valid).toBe(true);
    } finally {
      await again.close();
    }
  });

  it("keeps the report's figures as the entries arrive: a summary edited in PostgreSQL is named by group:verify, a hall not yet summed is read from its entries and summed in order", async () => {
    const period = periodOf(halls[0]!);
    const before = await readGroupReport(group.pool, period);
    const norte = hallIdentity(halls[0]!.h.kiosk.db).hallId;
    const sul = hallIdentity(halls[1]!.h.kiosk.db).hallId;
    const row = before.rows.find((r) => r.hallId === norte && r.sessionNumber !== null)!;
    const differences = async () => (await verifyGroup(group.pool)).halls.find((h) => h.hallId === norte)!.summaries;
    // A session's sales raised by 1,00 € in its summary: the report would say it, group:verify names it.
    await pgdb.query('UPDATE summary_sessions SET sales_cents = sales_cents + 100 WHERE hall_id = $1 AND session_id = $2', [norte, row.sessionNumber]);
    expect((await readGroupReport(group.pool, period)).rows.find((r) => r.hallId === norte && r.sessionNumber !== null)!.salesCents).toBe(row.salesCents + 100);
    expect(await differences()).toEqual({
      fromDay: '2026-11-29',
      toDay: expect.any(String),
      differences: [`Sala Norte, 2026-11-30, sessão n.º ${row.sessionNumber}: salesCents ${row.salesCents + 100} nos resumos, ${row.salesCents} nas entradas`],
    });
    expect((await verifyGroup(group.pool)).valid).toBe(false);
    await pgdb.query('UPDATE summary_sessions SET sales_cents = sales_cents - 100 WHERE hall_id = $1 AND session_id = $2', [norte, row.sessionNumber]);
    // A guia's payment taken off its session's count, and a machine's guias lowered by a cent: both named.
    const machine = before.machines.find((m) => m.hallName === 'Sala Norte')!;
    await pgdb.query(`UPDATE summary_buckets SET guias_paid = guias_paid - 1 WHERE hall_id = $1 AND guias_paid > 0`, [norte]);
    await pgdb.query(`UPDATE summary_machine_days SET guias_issued_cents = guias_issued_cents - 1 WHERE hall_id = $1 AND guias_issued_cents > 0`, [norte]);
    expect(await differences()).toMatchObject({
      differences: [
        `Sala Norte, 2026-11-30, sessão n.º ${row.sessionNumber}: guiasPaid 1 nos resumos, 2 nas entradas`,
        `Sala Norte, máquina n.º 7: guiasCents ${machine.guiasCents - 1} nos resumos, ${machine.guiasCents} nas entradas`,
      ],
    });
    await pgdb.query(`UPDATE summary_buckets SET guias_paid = guias_paid + 1 WHERE hall_id = $1 AND guias_paid > 0`, [norte]);
    await pgdb.query(`UPDATE summary_machine_days SET guias_issued_cents = guias_issued_cents + 1 WHERE hall_id = $1 AND guias_issued_cents > 0`, [norte]);
    expect(await differences()).toEqual({ fromDay: '2026-11-29', toDay: expect.any(String), differences: [] });

    // Sala Sul's summaries lost (a group that kept none before): its rows come from its entries, to the same figures;
    // group:verify says how far they are summed; the group's programs sum the backlog in order, and it is read from them again.
    for (const table of ['summary_sessions', 'summary_games', 'summary_winners', 'summary_refunds', 'summary_guias', 'summary_buckets', 'summary_machines', 'summary_machine_bets', 'summary_machine_days']) {
      await pgdb.query(`DELETE FROM ${table} WHERE hall_id = $1`, [sul]);
    }
    await pgdb.query('UPDATE halls SET summarized_seq = 0 WHERE hall_id = $1', [sul]);
    const lagging = await readGroupReport(group.pool, period);
    expect(lagging.readFromEntries).toEqual(['Sala Sul']);
    expect({ ...lagging, generatedAt: '', readFromEntries: [] }).toEqual({ ...before, generatedAt: '' });
    expect((await verifyGroup(group.pool)).halls.find((h) => h.hallId === sul)!.summaries).toEqual({ behind: true, summarizedSeq: 0 });
    const [head] = await pgdb.query<{ head_seq: string }>('SELECT head_seq FROM halls WHERE hall_id = $1', [sul]);
    expect(await summarizeBacklog(group.pool)).toBe(Number(head!.head_seq));
    const summed = await readGroupReport(group.pool, period);
    expect(summed.readFromEntries).toEqual([]);
    expect({ ...summed, generatedAt: '' }).toEqual({ ...before, generatedAt: '' });
    expect((await verifyGroup(group.pool)).valid).toBe(true);
  });

  it('names a document changed in PostgreSQL with its hall and seq', async () => {
    const p = halls[1]!;
    const id = hallIdentity(p.h.kiosk.db).hallId;
    await shipHall(p.h.kiosk.db, group.pool);
    const [sale] = await pgdb.query<{ seq: string }>(`SELECT seq FROM journal WHERE hall_id = $1 AND documents ? 'sales' ORDER BY seq LIMIT 1 OFFSET 1`, [id]);
    // Its tables' names edited so that the report would not find its sale: named too, then put back.
    await pgdb.query(`UPDATE journal SET doc_tables = array_remove(doc_tables, 'sales') WHERE hall_id = $1 AND seq = $2`, [id, sale!.seq]);
    expect((await verifyGroup(group.pool)).halls.find((h) => h.hallId === id)!.firstBreak).toEqual({ seq: Number(sale!.seq), reason: 'documents' });
    await pgdb.query(`UPDATE journal SET doc_tables = array_append(doc_tables, 'sales') WHERE hall_id = $1 AND seq = $2`, [id, sale!.seq]);
    expect((await verifyGroup(group.pool)).valid).toBe(true);
    // A sale's amount raised in its document, its audit row untouched: the audit chain alone would not see it.
    await pgdb.query(
      `UPDATE journal SET documents = jsonb_set(documents, '{sales,0,total_cents}', to_jsonb((documents#>>'{sales,0,total_cents}')::bigint + 100))
        WHERE hall_id = $1 AND seq = $2`,
      [id, sale!.seq],
    );
    const check = await verifyGroup(group.pool);
    expect(check.valid).toBe(false);
    expect(check.halls.find((h) => h.hallId === id)!.firstBreak).toEqual({ seq: Number(sale!.seq), reason: 'documents' });
    expect(check.halls.find((h) => h.hallId !== id)!.firstBreak).toBeNull();
    // The documents dropped altogether are named too, not taken for an entry shipped before documents travelled.
    await pgdb.query(`UPDATE journal SET documents = NULL, documents_hash = NULL WHERE hall_id = $1 AND seq = $2`, [id, sale!.seq]);
    expect((await verifyGroup(group.pool)).halls.find((h) => h.hallId === id)!.firstBreak).toEqual({ seq: Number(sale!.seq), reason: 'documents' });
  });
});
