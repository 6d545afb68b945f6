/**
 * The group's report read from the journal alone (issue 25): each fact is a
 * document an entry carries (`journal.documents`, by table, as the hall
 * stored it) or an audit row's answer. Sums are made here, in PostgreSQL,
 * with the acta's own rules (main/services/bingo/sessions.ts actaOf): only
 * games not annulled count for cards, sales and stamp duty; a game's figures
 * are its close of sale's, or its sales not voided while it still sells;
 * prizes and refunds count once paid, up to the session's close. The rest
 * (which session a guia or a Z falls in, a machine's return) is shaped by
 * core/group-report.ts. bigint columns come back as text: read as numbers.
 */
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
 * The documents of the window's entries, of the tables named in $4 only, unnested once per query: an entry's
 * documents are tested for those tables (jsonb ?|) before they are unnested, so a month of sales costs a
 * query that reads no sale nothing but that test.
 */
const WINDOW = `
  docs AS MATERIALIZED (
    SELECT j.hall_id, t.key AS tbl, d.value AS d FROM journal j, jsonb_each(j.documents) t, jsonb_array_elements(t.value) d
     WHERE j.hall_id = ANY($1::uuid[]) AND j.recorded_at >= $2 AND j.recorded_at < $3 AND j.doc_tables && $4::text[] AND t.key = ANY($4::text[])
  )`;

const n = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

export async function sessionFacts(c: GroupClient, w: ReportWindow): Promise<SessionFact[]> {
  const { rows } = await c.query<Record<string, string | null>>(
    `WITH ${WINDOW},
     sessions AS (
       SELECT hall_id, (d->>'id')::bigint AS id, d->>'opened_at' AS opened_at FROM docs
        WHERE tbl = 'sessions' AND (d->>'opened_at')::timestamptz >= $5 AND (d->>'opened_at')::timestamptz < $6
     ),
     closes AS (
       SELECT hall_id, ((payload->>'after')::jsonb->>'sessionId')::bigint AS id, (payload->>'after')::jsonb->>'closedAt' AS closed_at
         FROM journal WHERE hall_id = ANY($1::uuid[]) AND recorded_at >= $2 AND recorded_at < $3 AND kind = 'session.close' AND payload->>'outcome' = 'ok'
     ),
     games AS (SELECT hall_id, (d->>'id')::bigint AS id, (d->>'session_id')::bigint AS session_id FROM docs WHERE tbl = 'games'),
     -- A game's annulment is its command's: the audit row of game.annul names the game (its acta entry says it too).
     annulled AS (
       SELECT DISTINCT hall_id, ((payload->>'input')::jsonb->>'gameId')::bigint AS game_id
         FROM journal WHERE hall_id = ANY($1::uuid[]) AND recorded_at >= $2 AND recorded_at < $3 AND kind = 'game.annul' AND payload->>'outcome' = 'ok'
     ),
     closures AS (
       SELECT hall_id, (d->>'game_id')::bigint AS game_id, (d->>'cards_sold')::bigint AS cards, (d->>'total_cents')::bigint AS cents,
              (d->>'stamp_duty_cents')::bigint AS stamp
         FROM docs WHERE tbl = 'game_closures'
     ),
     voids AS (SELECT hall_id, (d->>'sale_id')::bigint AS sale_id FROM docs WHERE tbl = 'sale_voids'),
     -- The sales are nearly every entry of a month: read once, straight from their own member (the small
     -- tables above come through docs, found by the entries' doc_tables).
     sale_rows AS MATERIALIZED (
       SELECT j.hall_id, (d->>'id')::bigint AS id, (d->>'game_id')::bigint AS game_id, (d->>'quantity')::bigint AS quantity,
              (d->>'total_cents')::bigint AS cents
         FROM journal j, jsonb_array_elements(j.documents->'sales') d
        WHERE j.hall_id = ANY($1::uuid[]) AND j.recorded_at >= $2 AND j.recorded_at < $3 AND j.doc_tables && ARRAY['sales']
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
       SELECT hall_id, (d->>'id')::bigint AS id, (d->>'game_id')::bigint AS game_id, d->>'kind' AS kind, (d->>'prize_cents')::bigint AS cents
         FROM docs WHERE tbl = 'winners'
     ),
     payments AS (SELECT hall_id, (d->>'winner_id')::bigint AS winner_id, (d->>'paid_at')::timestamptz AS paid_at FROM docs WHERE tbl = 'prize_payments'),
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
       SELECT hall_id, (d->>'sale_id')::bigint AS sale_id, (d->>'amount_cents')::bigint AS cents, (d->>'paid_at')::timestamptz AS paid_at
         FROM docs WHERE tbl = 'refunds'
     ),
     -- Each refunded sale's game: the few refunds looked up among the sales (a hash of the refunds, not of the sales).
     refunded AS MATERIALIZED (
       SELECT r.hall_id, r.cents, r.paid_at, sa.game_id FROM sale_rows sa JOIN refunds r ON r.hall_id = sa.hall_id AND r.sale_id = sa.id
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
    [w.hallIds, w.scanFrom, w.scanTo, ['sessions', 'games', 'game_closures', 'sale_voids', 'winners', 'prize_payments', 'refunds'], w.from, w.to],
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
     guias AS (SELECT hall_id, d FROM docs WHERE tbl = 'guias'),
     payments AS (SELECT hall_id, d FROM docs WHERE tbl = 'guia_payments'),
     voids AS (
       SELECT j.hall_id, v.value AS d FROM journal j, jsonb_array_elements(j.documents->'guia_voids') v
        WHERE j.hall_id = ANY($1::uuid[]) AND j.kind = 'guia.void' AND j.documents IS NOT NULL
     ),
     ids AS (SELECT hall_id, (d->>'id')::bigint AS id FROM guias UNION SELECT hall_id, (d->>'guia_id')::bigint FROM payments),
     issued AS (
       SELECT j.hall_id, g.value AS d FROM ids JOIN journal j ON j.hall_id = ids.hall_id AND j.kind = 'guia.issue' AND j.documents IS NOT NULL,
              jsonb_array_elements(j.documents->'guias') g
        WHERE (g.value->>'id')::bigint = ids.id
     )
     SELECT i.hall_id, i.d->>'id' AS id, i.d->>'number' AS number, i.d->>'machine_id' AS machine_id, i.d->>'kind' AS kind,
            i.d->>'amount_cents' AS amount, i.d->>'issued_at' AS issued_at, p.d->>'paid_at' AS paid_at, p.d->>'cash_cents' AS cash,
            (SELECT SUM((c->>'amountCents')::bigint) FROM jsonb_array_elements((p.d->>'cheques')::jsonb) c) AS cheque,
            v.d->>'voided_at' AS voided_at
       FROM issued i
       LEFT JOIN payments p ON p.hall_id = i.hall_id AND (p.d->>'guia_id')::bigint = (i.d->>'id')::bigint
       LEFT JOIN voids v ON v.hall_id = i.hall_id AND (v.d->>'guia_id')::bigint = (i.d->>'id')::bigint
      ORDER BY i.hall_id, (i.d->>'number')::bigint`,
    [w.hallIds, w.scanFrom, w.scanTo, ['guias', 'guia_payments']],
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
  const { rows } = await c.query<{ hall_id: string; z_number: string; closed_at: string; report: string }>(
    `WITH ${WINDOW}
     SELECT z.hall_id, z.d->>'z_number' AS z_number, z.d->>'closed_at' AS closed_at, z.d->>'report' AS report
       FROM docs z WHERE z.tbl = 'drawer_closes' ORDER BY z.hall_id, (z.d->>'z_number')::bigint`,
    [w.hallIds, w.scanFrom, w.scanTo, ['drawer_closes']],
  );
  return rows.map((r) => {
    const report = JSON.parse(r.report) as { expectedCents: number; countedCents: number; varianceCents: number; movements: Record<string, number> };
    return {
      hallId: r.hall_id,
      zNumber: n(r.z_number),
      closedAt: r.closed_at ?? null,
      expectedCents: report.expectedCents,
      countedCents: report.countedCents,
      varianceCents: report.varianceCents,
      movements: report.movements,
    };
  });
}

/** The jackpot funds' movements in the window: contributions (from meters or by hand) and transfers. */
export async function fundFacts(c: GroupClient, w: ReportWindow): Promise<FundFact[]> {
  const { rows } = await c.query<{ hall_id: string; tbl: string; at: string; amount: string }>(
    `WITH ${WINDOW}
     SELECT hall_id, tbl, d->>'at' AS at, d->>'amount_cents' AS amount
       FROM docs WHERE tbl IN ('fund_contributions', 'fund_transfers') ORDER BY hall_id, (d->>'at')::timestamptz`,
    [w.hallIds, w.scanFrom, w.scanTo, ['fund_contributions', 'fund_transfers']],
  );
  return rows.map((r) => ({
    hallId: r.hall_id,
    at: r.at,
    kind: r.tbl === 'fund_contributions' ? 'contribution' : 'transfer',
    amountCents: n(r.amount),
  }));
}

/**
 * Each machine's meters over [from, to) (the deltas its readings recorded) beside its number, with the bet of
 * its newest registration or edit. Machines are registered long before a period: read from the whole journal.
 */
export async function meterFacts(c: GroupClient, w: ReportWindow): Promise<MeterFact[]> {
  const { rows } = await c.query<{ hall_id: string; id: string; number: string; bet: string | null; bet_seq: string | null; coins_in: string | null; prizes: string | null; readings: string }>(
    `WITH machines AS MATERIALIZED (
       SELECT j.hall_id, (m.value->>'id')::bigint AS id, m.value->>'number' AS number FROM journal j, jsonb_array_elements(j.documents->'machines') m
        WHERE j.hall_id = ANY($1::uuid[]) AND j.kind IN ('machine.register', 'machine.import') AND j.documents IS NOT NULL
     ),
     bets AS (
       SELECT DISTINCT ON (hall_id, number) hall_id, (payload->>'after')::jsonb->>'number' AS number, (payload->>'after')::jsonb->>'betCents' AS bet, seq
         FROM journal WHERE hall_id = ANY($1::uuid[]) AND kind IN ('machine.register', 'machine.update') AND payload->>'outcome' = 'ok'
        ORDER BY hall_id, number, seq DESC
     ),
     readings AS (
       SELECT j.hall_id, (r.value->>'machine_id')::bigint AS machine_id, SUM((r.value->>'delta_coins_in')::bigint) AS coins_in,
              SUM((r.value->>'delta_prizes_paid')::bigint) AS prizes, COUNT(*) AS readings
         FROM journal j, jsonb_array_elements(j.documents->'meter_readings') r
        WHERE j.hall_id = ANY($1::uuid[]) AND j.recorded_at >= $2 AND j.recorded_at < $3 AND j.kind = 'meters.record' AND j.documents IS NOT NULL
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

/** The import files of machines (their bets are in the file, not in the answer): parsed by core's own reader. */
export async function machineImports(c: GroupClient, hallIds: readonly string[]): Promise<{ hallId: string; seq: number; csv: string }[]> {
  const { rows } = await c.query<{ hall_id: string; seq: string; csv: string }>(
    `SELECT hall_id, seq, (payload->>'input')::jsonb->>'csv' AS csv FROM journal
      WHERE hall_id = ANY($1::uuid[]) AND kind = 'machine.import' AND payload->>'outcome' = 'ok' ORDER BY hall_id, seq`,
    [hallIds],
  );
  return rows.map((r) => ({ hallId: r.hall_id, seq: n(r.seq), csv: r.csv }));
}
