/**
 * The group's report read from the journal alone (issue 25), from the facts
 * its entries publish under the group's contract (issue 39,
 * core/group-contract, docs/group-contract.md: `journal.facts`, by
 * `type@version`), never from the hall's own columns: a hall migration that
 * renames one changes the hall's mapping, not these sums. Entries shipped
 * before facts travelled read the same, upcast by the group to version 0
 * (main/group/upcast.ts). Sums are made here, in PostgreSQL,
 * with the acta's own rules (main/services/bingo/sessions.ts actaOf): only
 * games not annulled count for cards, sales and stamp duty; a game's figures
 * are its close of sale's, or its sales not voided while it still sells;
 * prizes and refunds (of a whole sale or of a card by its number) count once
 * paid, up to the session's close, in their game's session. The rest
 * (which session a guia or a Z falls in, a machine's return) is shaped by
 * core/group-report.ts. bigint columns come back as text: read as numbers.
 */
import type { Fact } from '../../core/group-contract/facts.js';
import type { FundFact, GuiaFact, MeterFact, SessionFact, ZFact } from '../../core/group-report.js';
import type { GroupClient } from './client.js';

export interface ReportWindow {
  hallIds: readonly string[];
  /** Entries recorded in [scanFrom, scanTo): the period, and the hours a session opened in it may run past it. */
  scanFrom: string;
  scanTo: string;
  /** Sessions opened in [from, to). */
  from: string;
  to: string;
}

/**
 * The facts of the window's entries, of the types named in $4 only, unnested once per query: an entry's fact
 * types are tested for those (text[] &&, indexed) before they are unnested, so a month of sales costs a query
 * that reads no sale nothing but that test. `tbl` is the fact's `type@version`.
 */
const WINDOW = `
  docs AS MATERIALIZED (
    SELECT j.hall_id, t.key AS tbl, d.value AS d FROM journal j, jsonb_each(j.facts) t, jsonb_array_elements(t.value) d
     WHERE j.hall_id = ANY($1::uuid[]) AND j.recorded_at >= $2 AND j.recorded_at < $3 AND j.fact_types && $4::text[] AND t.key = ANY($4::text[])
  )`;

const n = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

export async function sessionFacts(c: GroupClient, w: ReportWindow): Promise<SessionFact[]> {
  const { rows } = await c.query<Record<string, string | null>>(
    `WITH ${WINDOW},
     sessions AS (
       SELECT hall_id, (d->>'sessionId')::bigint AS id, d->>'openedAt' AS opened_at FROM docs
        WHERE tbl = 'session@1' AND (d->>'openedAt')::timestamptz >= $5 AND (d->>'openedAt')::timestamptz < $6
     ),
     closes AS (SELECT hall_id, (d->>'sessionId')::bigint AS id, d->>'closedAt' AS closed_at FROM docs WHERE tbl = 'session_close@1'),
     games AS (SELECT hall_id, (d->>'gameId')::bigint AS id, (d->>'sessionId')::bigint AS session_id FROM docs WHERE tbl = 'game@1'),
     annulled AS (SELECT DISTINCT hall_id, (d->>'gameId')::bigint AS game_id FROM docs WHERE tbl = 'game_annulment@1'),
     closures AS (
       SELECT hall_id, (d->>'gameId')::bigint AS game_id, (d->>'cards')::bigint AS cards, (d->>'totalCents')::bigint AS cents,
              (d->>'stampDutyCents')::bigint AS stamp
         FROM docs WHERE tbl = 'game_closure@1'
     ),
     voids AS (SELECT hall_id, (d->>'saleId')::bigint AS sale_id FROM docs WHERE tbl = 'sale_void@1'),
     -- The sales are nearly every entry of a month: read once, straight from their own member (the small
     -- kinds above come through docs, found by the entries' fact_types).
     sale_rows AS MATERIALIZED (
       SELECT j.hall_id, (d->>'saleId')::bigint AS id, (d->>'gameId')::bigint AS game_id, (d->>'cards')::bigint AS quantity,
              (d->>'totalCents')::bigint AS cents
         FROM journal j, jsonb_array_elements(j.facts->'sale@1') d
        WHERE j.hall_id = ANY($1::uuid[]) AND j.recorded_at >= $2 AND j.recorded_at < $3 AND j.fact_types && ARRAY['sale@1']
     ),
     sales AS (
       SELECT s.hall_id, s.id, s.game_id, s.quantity, s.cents, v.sale_id IS NOT NULL AS voided
         FROM sale_rows s LEFT JOIN voids v ON v.hall_id = s.hall_id AND v.sale_id = s.id
     ),
     game_sales AS (
       SELECT hall_id, game_id, SUM(quantity) FILTER (WHERE NOT voided) AS cards, SUM(cents) FILTER (WHERE NOT voided) AS cents,
              COUNT(*) FILTER (WHERE voided) AS voids, SUM(cents) FILTER (WHERE voided) AS voided_cents
         FROM sales GROUP BY hall_id, game_id
     ),
     per_game AS (
       SELECT g.hall_id, g.session_id, a.game_id IS NOT NULL AS annulled,
              CASE WHEN a.game_id IS NULL THEN COALESCE(c.cards, gs.cards, 0) ELSE 0 END AS cards,
              CASE WHEN a.game_id IS NULL THEN COALESCE(c.cents, gs.cents, 0) ELSE 0 END AS cents,
              CASE WHEN a.game_id IS NULL THEN COALESCE(c.stamp, 0) ELSE 0 END AS stamp,
              COALESCE(gs.voids, 0) AS voids, COALESCE(gs.voided_cents, 0) AS voided_cents
         FROM games g
         LEFT JOIN annulled a ON a.hall_id = g.hall_id AND a.game_id = g.id
         LEFT JOIN closures c ON c.hall_id = g.hall_id AND c.game_id = g.id
         LEFT JOIN game_sales gs ON gs.hall_id = g.hall_id AND gs.game_id = g.id
     ),
     games_of AS (
       SELECT hall_id, session_id, COUNT(*) AS games, COUNT(*) FILTER (WHERE annulled) AS annulled, SUM(cards) AS cards, SUM(cents) AS cents,
              SUM(stamp) AS stamp, SUM(voids) AS voids, SUM(voided_cents) AS voided_cents
         FROM per_game GROUP BY hall_id, session_id
     ),
     winners AS (
       SELECT hall_id, (d->>'winnerId')::bigint AS id, (d->>'gameId')::bigint AS game_id, d->>'kind' AS kind, (d->>'prizeCents')::bigint AS cents
         FROM docs WHERE tbl = 'winner@1'
     ),
     payments AS (SELECT hall_id, (d->>'winnerId')::bigint AS winner_id, (d->>'paidAt')::timestamptz AS paid_at FROM docs WHERE tbl = 'prize_payment@1'),
     prizes_of AS (
       SELECT s.hall_id, s.id AS session_id,
              SUM(w.cents) FILTER (WHERE w.kind = 'line') AS line, SUM(w.cents) FILTER (WHERE w.kind = 'bingo') AS bingo,
              SUM(w.cents) FILTER (WHERE w.kind = 'special') AS special
         FROM sessions s LEFT JOIN closes cl ON cl.hall_id = s.hall_id AND cl.id = s.id
         JOIN games g ON g.hall_id = s.hall_id AND g.session_id = s.id
         JOIN winners w ON w.hall_id = g.hall_id AND w.game_id = g.id
         JOIN payments p ON p.hall_id = w.hall_id AND p.winner_id = w.id
        WHERE cl.closed_at IS NULL OR p.paid_at <= cl.closed_at::timestamptz
        GROUP BY s.hall_id, s.id
     ),
     refunds AS MATERIALIZED (
       SELECT hall_id, (d->>'saleId')::bigint AS sale_id, (d->>'amountCents')::bigint AS cents, (d->>'paidAt')::timestamptz AS paid_at
         FROM docs WHERE tbl = 'refund@1'
     ),
     -- Each refunded sale's game: the few refunds looked up among the sales (a hash of the refunds, not of the sales);
     -- beside them the cards refunded one by one (art. 16.º, n.º 3), which name their game themselves.
     refunded AS MATERIALIZED (
       SELECT r.hall_id, r.cents, r.paid_at, sa.game_id FROM sale_rows sa JOIN refunds r ON r.hall_id = sa.hall_id AND r.sale_id = sa.id
       UNION ALL
       SELECT hall_id, (d->>'amountCents')::bigint, (d->>'paidAt')::timestamptz, (d->>'gameId')::bigint FROM docs WHERE tbl = 'card_refund@1'
     ),
     refunds_of AS (
       SELECT s.hall_id, s.id AS session_id, SUM(r.cents) AS cents
         FROM sessions s LEFT JOIN closes cl ON cl.hall_id = s.hall_id AND cl.id = s.id
         JOIN games g ON g.hall_id = s.hall_id AND g.session_id = s.id
         JOIN refunded r ON r.hall_id = g.hall_id AND r.game_id = g.id
        WHERE cl.closed_at IS NULL OR r.paid_at <= cl.closed_at::timestamptz
        GROUP BY s.hall_id, s.id
     )
     SELECT s.hall_id, s.id, s.opened_at, cl.closed_at, go.games, go.annulled, go.cards, go.cents, go.stamp, go.voids, go.voided_cents,
            p.line, p.bingo, p.special, r.cents AS refunds
       FROM sessions s
       LEFT JOIN closes cl ON cl.hall_id = s.hall_id AND cl.id = s.id
       LEFT JOIN games_of go ON go.hall_id = s.hall_id AND go.session_id = s.id
       LEFT JOIN prizes_of p ON p.hall_id = s.hall_id AND p.session_id = s.id
       LEFT JOIN refunds_of r ON r.hall_id = s.hall_id AND r.session_id = s.id
      ORDER BY s.hall_id, s.id`,
    [w.hallIds, w.scanFrom, w.scanTo, ['session@1', 'session_close@1', 'game@1', 'game_annulment@1', 'game_closure@1', 'sale_void@1', 'winner@1', 'prize_payment@1', 'refund@1', 'card_refund@1'], w.from, w.to],
  );
  return rows.map((r) => ({
    hallId: r.hall_id!,
    sessionId: n(r.id),
    openedAt: r.opened_at!,
    closedAt: r.closed_at ?? null,
    games: n(r.games),
    gamesAnnulled: n(r.annulled),
    cardsSold: n(r.cards),
    salesCents: n(r.cents),
    stampDutyCents: n(r.stamp),
    voids: n(r.voids),
    voidedCents: n(r.voided_cents),
    linePrizesCents: n(r.line),
    bingoPrizesCents: n(r.bingo),
    specialPrizesCents: n(r.special),
    refundsCents: n(r.refunds),
  }));
}

/**
 * The guias issued or paid in the window, with their payment (cash part, cheques' sum) and void. A void is
 * looked for in the whole journal (by its command's kind): a guia issued in the period and voided after it is
 * not a machine's payout, as the hall's meter report counts it.
 */
export async function guiaFacts(c: GroupClient, w: ReportWindow): Promise<GuiaFact[]> {
  const { rows } = await c.query<Record<string, string | null>>(
    `WITH ${WINDOW},
     guias AS (SELECT hall_id, d FROM docs WHERE tbl = 'guia@1'),
     payments AS (SELECT hall_id, d FROM docs WHERE tbl = 'guia_payment@1'),
     voids AS (
       SELECT j.hall_id, v.value AS d FROM journal j, jsonb_array_elements(j.facts->'guia_void@1') v
        WHERE j.hall_id = ANY($1::uuid[]) AND j.fact_types && ARRAY['guia_void@1']
     ),
     -- Issued, paid or voided in the window: a void is the day's fact even when its guia was issued and never paid before.
     ids AS (
       SELECT hall_id, (d->>'guiaId')::bigint AS id FROM guias UNION SELECT hall_id, (d->>'guiaId')::bigint FROM payments
       UNION SELECT hall_id, (d->>'guiaId')::bigint FROM voids WHERE (d->>'voidedAt')::timestamptz >= $2 AND (d->>'voidedAt')::timestamptz < $3
     ),
     issued AS (
       SELECT j.hall_id, g.value AS d FROM ids JOIN journal j ON j.hall_id = ids.hall_id AND j.fact_types && ARRAY['guia@1'],
              jsonb_array_elements(j.facts->'guia@1') g
        WHERE (g.value->>'guiaId')::bigint = ids.id
     )
     SELECT i.hall_id, i.d->>'guiaId' AS id, i.d->>'number' AS number, i.d->>'machineId' AS machine_id, i.d->>'kind' AS kind,
            i.d->>'amountCents' AS amount, i.d->>'issuedAt' AS issued_at, p.d->>'paidAt' AS paid_at, p.d->>'cashCents' AS cash,
            p.d->>'chequeCents' AS cheque, v.d->>'voidedAt' AS voided_at
       FROM issued i
       LEFT JOIN payments p ON p.hall_id = i.hall_id AND (p.d->>'guiaId')::bigint = (i.d->>'guiaId')::bigint
       LEFT JOIN voids v ON v.hall_id = i.hall_id AND (v.d->>'guiaId')::bigint = (i.d->>'guiaId')::bigint
      ORDER BY i.hall_id, (i.d->>'number')::bigint`,
    [w.hallIds, w.scanFrom, w.scanTo, ['guia@1', 'guia_payment@1']],
  );
  return rows.map((r) => ({
    hallId: r.hall_id!,
    guiaId: n(r.id),
    number: n(r.number),
    machineId: n(r.machine_id),
    kind: r.kind!,
    amountCents: n(r.amount),
    issuedAt: r.issued_at!,
    paidAt: r.paid_at ?? null,
    cashCents: n(r.cash),
    chequeCents: n(r.cheque),
    voidedAt: r.voided_at ?? null,
  }));
}

/** Each drawer closed in the window: its Z as recorded at the close. */
export async function zFacts(c: GroupClient, w: ReportWindow): Promise<ZFact[]> {
  const { rows } = await c.query<{ hall_id: string; z: Fact<'z_report@1'> }>(
    `WITH ${WINDOW}
     SELECT z.hall_id, z.d AS z FROM docs z WHERE z.tbl = 'z_report@1' ORDER BY z.hall_id, (z.d->>'zNumber')::bigint`,
    [w.hallIds, w.scanFrom, w.scanTo, ['z_report@1']],
  );
  return rows.map(({ hall_id, z }) => ({
    hallId: hall_id,
    zNumber: z.zNumber,
    closedAt: z.closedAt,
    expectedCents: z.expectedCents,
    countedCents: z.countedCents,
    varianceCents: z.varianceCents,
    movements: z.movements,
  }));
}

/** The jackpot funds' movements in the window: contributions (from meters or by hand) and transfers. */
export async function fundFacts(c: GroupClient, w: ReportWindow): Promise<FundFact[]> {
  const { rows } = await c.query<{ hall_id: string; tbl: string; at: string; amount: string }>(
    `WITH ${WINDOW}
     SELECT hall_id, tbl, d->>'at' AS at, d->>'amountCents' AS amount
       FROM docs WHERE tbl IN ('fund_contribution@1', 'fund_transfer@1') ORDER BY hall_id, (d->>'at')::timestamptz`,
    [w.hallIds, w.scanFrom, w.scanTo, ['fund_contribution@1', 'fund_transfer@1']],
  );
  return rows.map((r) => ({
    hallId: r.hall_id,
    at: r.at,
    kind: r.tbl === 'fund_contribution@1' ? 'contribution' : 'transfer',
    amountCents: n(r.amount),
  }));
}

/**
 * Each machine's meters over [from, to) (the deltas its readings recorded) beside its number, with its newest bet
 * (registered, edited or imported: the latest entry's). Machines are registered long before a period: read from the
 * whole journal.
 */
export async function meterFacts(c: GroupClient, w: ReportWindow): Promise<MeterFact[]> {
  const { rows } = await c.query<{ hall_id: string; id: string; number: string; bet: string | null; bet_seq: string | null; coins_in: string | null; prizes: string | null; readings: string }>(
    `WITH machines AS MATERIALIZED (
       -- A machine edited writes its row again: one line per machine, its newest number.
       SELECT DISTINCT ON (j.hall_id, (m.value->>'machineId')::bigint) j.hall_id, (m.value->>'machineId')::bigint AS id, m.value->>'number' AS number
         FROM journal j, jsonb_array_elements(j.facts->'machine@1') m
        WHERE j.hall_id = ANY($1::uuid[]) AND j.fact_types && ARRAY['machine@1']
        ORDER BY j.hall_id, (m.value->>'machineId')::bigint, j.seq DESC
     ),
     bets AS (
       SELECT DISTINCT ON (j.hall_id, b.value->>'number') j.hall_id, b.value->>'number' AS number, b.value->>'betCents' AS bet, j.seq
         FROM journal j, jsonb_array_elements(j.facts->'machine_bet@1') b
        WHERE j.hall_id = ANY($1::uuid[]) AND j.fact_types && ARRAY['machine_bet@1']
        ORDER BY j.hall_id, b.value->>'number', j.seq DESC
     ),
     readings AS (
       SELECT j.hall_id, (r.value->>'machineId')::bigint AS machine_id, SUM((r.value->>'coinsIn')::bigint) AS coins_in,
              SUM((r.value->>'prizesPaid')::bigint) AS prizes, COUNT(*) AS readings
         FROM journal j, jsonb_array_elements(j.facts->'meter_reading@1') r
        WHERE j.hall_id = ANY($1::uuid[]) AND j.recorded_at >= $2 AND j.recorded_at < $3 AND j.fact_types && ARRAY['meter_reading@1']
          AND (r.value->>'at')::timestamptz >= $2 AND (r.value->>'at')::timestamptz < $3
        GROUP BY 1, 2
     )
     SELECT m.hall_id, m.id, m.number, b.bet, b.seq AS bet_seq, r.coins_in, r.prizes, COALESCE(r.readings, 0) AS readings
       FROM machines m LEFT JOIN bets b ON b.hall_id = m.hall_id AND b.number = m.number
       LEFT JOIN readings r ON r.hall_id = m.hall_id AND r.machine_id = m.id
      ORDER BY m.hall_id, length(m.number), m.number`,
    [w.hallIds, w.from, w.to],
  );
  return rows.map((r) => ({
    hallId: r.hall_id,
    machineId: n(r.id),
    number: r.number,
    betCents: r.bet === null ? null : n(r.bet),
    betSeq: r.bet_seq === null ? null : n(r.bet_seq),
    coinsIn: n(r.coins_in),
    prizesPaid: n(r.prizes),
    readings: n(r.readings),
  }));
}
