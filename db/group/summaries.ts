/**
 * The report's figures kept on arrival (issue 43, group migration 12): each
 * batch of a hall's entries summed into its sessions, games, prizes,
 * refunds, guias, buckets (session and day) and machines' days, in the
 * transaction that stores the entries, in the hall's order (summarized_seq).
 * The report reads these; group:verify sums the entries again and compares.
 * What a batch refers to from before it (a voided sale, a paid guia, the
 * session open at a time) is read here; the sums are core/group-summary.ts's.
 */
import { BUCKET_SUMS, emptySums, type BucketFact, type BucketSums, type MachineSum, type SessionFact } from '../../core/group-report.js';
import { bucketKey, factsOf, newGameDelta, newMachineDay, SumMap, type GameDelta, type KnownSession, type SummedEntry } from '../../core/group-summary.js';
import { hallDay, type HallTimeZone } from '../../core/time.js';
import type { GroupClient } from './client.js';

type Sale = { gameId: number; cards: number; cents: number };

/** A sale shipped before `beforeSeq`, looked for from there backwards (a void is of its game's last sale, a refund of an annulled game's). */
async function saleBefore(c: GroupClient, hallId: string, saleId: number, beforeSeq: number): Promise<Sale | null> {
  const { rows } = await c.query<{ game_id: string; cards: string; cents: string }>(
    `SELECT s->>'gameId' AS game_id, s->>'cards' AS cards, s->>'totalCents' AS cents
       FROM journal j, jsonb_array_elements(j.facts->'sale@1') s
      WHERE j.hall_id = $1 AND j.seq < $2 AND j.fact_types && ARRAY['sale@1'] AND (s->>'saleId')::bigint = $3
      ORDER BY j.seq DESC LIMIT 1`,
    [hallId, beforeSeq, saleId],
  );
  const r = rows[0];
  return r ? { gameId: Number(r.game_id), cards: Number(r.cards), cents: Number(r.cents) } : null;
}

type Guia = { machineId: number; amountCents: number; issuedDay: string; voided: boolean };

/** The summed sessions that may hold a time up to `to`: the 50 opened last by then (a batch spans a few at most). */
async function sessionsAround(c: GroupClient, hallId: string, to: string): Promise<KnownSession[]> {
  const { rows } = await c.query<{ session_id: string; opened_at: string; closed_at: string | null }>(
    `SELECT session_id, opened_at, closed_at FROM summary_sessions WHERE hall_id = $1 AND opened_ts <= $2 ORDER BY opened_ts DESC LIMIT 50`,
    [hallId, to],
  );
  return rows.map((r) => ({ sessionId: Number(r.session_id), openedAt: r.opened_at, closedAt: r.closed_at }));
}

/**
 * One batch of a hall's entries (every one with its facts, in seq order, continuing summarized_seq) summed into the
 * summaries, in the caller's transaction; summarized_seq moved to its last.
 */
export async function summarizeEntries(c: GroupClient, hallId: string, zone: HallTimeZone, entries: readonly SummedEntry[]): Promise<void> {
  if (entries.length === 0) return;
  const day = (iso: string) => hallDay(new Date(iso), zone);
  const json = (v: unknown) => JSON.stringify(v);

  // Sessions first: the facts below are put in the session open at their time.
  const sessions = new SumMap<{ openedAt: string | null; closedAt: string | null }>(() => ({ openedAt: null, closedAt: null }));
  for (const { fact } of factsOf(entries, 'session@1')) sessions.at(String(fact.sessionId)).openedAt = fact.openedAt;
  for (const { fact } of factsOf(entries, 'session_close@1')) sessions.at(String(fact.sessionId)).closedAt = fact.closedAt;
  if (sessions.map.size > 0) {
    await c.query(
      `INSERT INTO summary_sessions AS s (hall_id, session_id, opened_at, opened_ts, opened_day, closed_at)
       SELECT $1, x.id, x.opened_at, x.opened_at::timestamptz, x.opened_day, x.closed_at FROM jsonb_to_recordset($2::jsonb) AS x(id bigint, opened_at text, opened_day date, closed_at text)
       ON CONFLICT (hall_id, session_id) DO UPDATE SET opened_at = COALESCE(EXCLUDED.opened_at, s.opened_at), opened_ts = COALESCE(EXCLUDED.opened_ts, s.opened_ts),
         opened_day = COALESCE(EXCLUDED.opened_day, s.opened_day), closed_at = COALESCE(EXCLUDED.closed_at, s.closed_at)`,
      [hallId, json([...sessions.map].map(([id, v]) => ({ id: Number(id), opened_at: v.openedAt, opened_day: v.openedAt === null ? null : day(v.openedAt), closed_at: v.closedAt })))],
    );
  }

  // Games: sales, voids (of a sale in the batch, or looked up), closes of sale, annulments.
  const games = new SumMap<GameDelta>(newGameDelta);
  const sales = new Map<number, Sale>();
  for (const { fact } of factsOf(entries, 'game@1')) games.at(String(fact.gameId)).sessionId = fact.sessionId;
  for (const { fact } of factsOf(entries, 'sale@1')) {
    const g = games.at(String(fact.gameId));
    g.salesCards += fact.cards;
    g.salesCents += fact.totalCents;
    sales.set(fact.saleId, { gameId: fact.gameId, cards: fact.cards, cents: fact.totalCents });
  }
  const saleOf = async (saleId: number, seq: number) => sales.get(saleId) ?? (await saleBefore(c, hallId, saleId, seq));
  for (const { seq, fact } of factsOf(entries, 'sale_void@1')) {
    const sale = await saleOf(fact.saleId, seq);
    if (!sale) continue;
    const g = games.at(String(sale.gameId));
    g.voids++;
    g.voidedCards += sale.cards;
    g.voidedCents += sale.cents;
  }
  for (const { fact } of factsOf(entries, 'game_closure@1')) games.at(String(fact.gameId)).closure = { cards: fact.cards, cents: fact.totalCents, stamp: fact.stampDutyCents };
  for (const { fact } of factsOf(entries, 'game_annulment@1')) games.at(String(fact.gameId)).annulled = true;
  const touchedGames = new Set([...games.map.keys()].map(Number));
  if (games.map.size > 0) {
    await c.query(
      `INSERT INTO summary_games AS g (hall_id, game_id, session_id, annulled, closure_cards, closure_cents, closure_stamp, sales_cards, sales_cents, voids, voided_cards, voided_cents)
       SELECT $1, x.id, x.session_id, x.annulled, x.closure_cards, x.closure_cents, x.closure_stamp, x.sales_cards, x.sales_cents, x.voids, x.voided_cards, x.voided_cents
         FROM jsonb_to_recordset($2::jsonb) AS x(id bigint, session_id bigint, annulled boolean, closure_cards bigint, closure_cents bigint, closure_stamp bigint,
              sales_cards bigint, sales_cents bigint, voids integer, voided_cards bigint, voided_cents bigint)
       ON CONFLICT (hall_id, game_id) DO UPDATE SET session_id = COALESCE(EXCLUDED.session_id, g.session_id), annulled = g.annulled OR EXCLUDED.annulled,
         closure_cards = COALESCE(EXCLUDED.closure_cards, g.closure_cards), closure_cents = COALESCE(EXCLUDED.closure_cents, g.closure_cents),
         closure_stamp = COALESCE(EXCLUDED.closure_stamp, g.closure_stamp), sales_cards = g.sales_cards + EXCLUDED.sales_cards,
         sales_cents = g.sales_cents + EXCLUDED.sales_cents, voids = g.voids + EXCLUDED.voids, voided_cards = g.voided_cards + EXCLUDED.voided_cards,
         voided_cents = g.voided_cents + EXCLUDED.voided_cents`,
      [
        hallId,
        json(
          [...games.map].map(([id, g]) => ({
            id: Number(id),
            session_id: g.sessionId,
            annulled: g.annulled,
            closure_cards: g.closure?.cards ?? null,
            closure_cents: g.closure?.cents ?? null,
            closure_stamp: g.closure?.stamp ?? null,
            sales_cards: g.salesCards,
            sales_cents: g.salesCents,
            voids: g.voids,
            voided_cards: g.voidedCards,
            voided_cents: g.voidedCents,
          })),
        ),
      ],
    );
  }

  // Prizes awarded, then paid (a payment may follow its award in the same batch).
  const winners = factsOf(entries, 'winner@1');
  if (winners.length > 0) {
    await c.query(
      `INSERT INTO summary_winners AS w (hall_id, winner_id, game_id, kind, cents)
       SELECT $1, x.id, x.game_id, x.kind, x.cents FROM jsonb_to_recordset($2::jsonb) AS x(id bigint, game_id bigint, kind text, cents bigint)
       ON CONFLICT (hall_id, winner_id) DO UPDATE SET game_id = EXCLUDED.game_id, kind = EXCLUDED.kind, cents = EXCLUDED.cents`,
      [hallId, json(winners.map(({ fact }) => ({ id: fact.winnerId, game_id: fact.gameId, kind: fact.kind, cents: fact.prizeCents })))],
    );
    for (const { fact } of winners) touchedGames.add(fact.gameId);
  }
  const payments = factsOf(entries, 'prize_payment@1');
  if (payments.length > 0) {
    const { rows } = await c.query<{ game_id: string }>(
      `UPDATE summary_winners w SET paid_at = x.paid_at FROM jsonb_to_recordset($2::jsonb) AS x(id bigint, paid_at text)
        WHERE w.hall_id = $1 AND w.winner_id = x.id RETURNING w.game_id`,
      [hallId, json(payments.map(({ fact }) => ({ id: fact.winnerId, paid_at: fact.paidAt })))],
    );
    for (const r of rows) touchedGames.add(Number(r.game_id));
  }

  // Refunds: of a whole sale (its game looked up) or of a card by its number (its game named).
  const refunds: { seq: number; n: number; game_id: number; cents: number; paid_at: string }[] = [];
  const refundN = new Map<number, number>();
  const nextN = (seq: number) => {
    const n = refundN.get(seq) ?? 0;
    refundN.set(seq, n + 1);
    return n;
  };
  for (const { seq, fact } of factsOf(entries, 'refund@1')) {
    const sale = await saleOf(fact.saleId, seq);
    if (sale) refunds.push({ seq, n: nextN(seq), game_id: sale.gameId, cents: fact.amountCents, paid_at: fact.paidAt });
  }
  for (const { seq, fact } of factsOf(entries, 'card_refund@1')) refunds.push({ seq, n: nextN(seq), game_id: fact.gameId, cents: fact.amountCents, paid_at: fact.paidAt });
  if (refunds.length > 0) {
    await c.query(
      `INSERT INTO summary_refunds (hall_id, seq, n, game_id, cents, paid_at)
       SELECT $1, x.seq, x.n, x.game_id, x.cents, x.paid_at FROM jsonb_to_recordset($2::jsonb) AS x(seq bigint, n integer, game_id bigint, cents bigint, paid_at text)
       ON CONFLICT DO NOTHING`,
      [hallId, json(refunds)],
    );
    for (const r of refunds) touchedGames.add(r.game_id);
  }

  // The sessions touched, summed again from their games, prizes and refunds (paid by the session's close, as the acta counts them).
  await c.query(
    `WITH touched AS (
       SELECT session_id FROM summary_games WHERE hall_id = $1 AND game_id = ANY($2::bigint[]) AND session_id IS NOT NULL
       UNION SELECT unnest($3::bigint[])
     ),
     s AS (SELECT ss.session_id, ss.closed_at FROM summary_sessions ss JOIN touched t USING (session_id) WHERE ss.hall_id = $1),
     g AS (
       SELECT g.session_id, COUNT(*) AS games, COUNT(*) FILTER (WHERE g.annulled) AS annulled,
              SUM(CASE WHEN g.annulled THEN 0 WHEN g.closure_cards IS NOT NULL THEN g.closure_cards ELSE g.sales_cards - g.voided_cards END) AS cards,
              SUM(CASE WHEN g.annulled THEN 0 WHEN g.closure_cents IS NOT NULL THEN g.closure_cents ELSE g.sales_cents - g.voided_cents END) AS cents,
              SUM(CASE WHEN g.annulled THEN 0 ELSE COALESCE(g.closure_stamp, 0) END) AS stamp, SUM(g.voids) AS voids, SUM(g.voided_cents) AS voided_cents
         FROM summary_games g JOIN s USING (session_id) WHERE g.hall_id = $1 GROUP BY g.session_id
     ),
     p AS (
       SELECT g.session_id, SUM(w.cents) FILTER (WHERE w.kind = 'line') AS line, SUM(w.cents) FILTER (WHERE w.kind = 'bingo') AS bingo,
              SUM(w.cents) FILTER (WHERE w.kind = 'special') AS special
         FROM summary_games g JOIN s USING (session_id) JOIN summary_winners w ON w.hall_id = g.hall_id AND w.game_id = g.game_id
        WHERE g.hall_id = $1 AND w.paid_at IS NOT NULL AND (s.closed_at IS NULL OR w.paid_at::timestamptz <= s.closed_at::timestamptz)
        GROUP BY g.session_id
     ),
     r AS (
       SELECT g.session_id, SUM(r.cents) AS cents
         FROM summary_games g JOIN s USING (session_id) JOIN summary_refunds r ON r.hall_id = g.hall_id AND r.game_id = g.game_id
        WHERE g.hall_id = $1 AND (s.closed_at IS NULL OR r.paid_at::timestamptz <= s.closed_at::timestamptz)
        GROUP BY g.session_id
     )
     UPDATE summary_sessions x SET games = COALESCE(g.games, 0), games_annulled = COALESCE(g.annulled, 0), cards_sold = COALESCE(g.cards, 0),
            sales_cents = COALESCE(g.cents, 0), stamp_duty_cents = COALESCE(g.stamp, 0), voids = COALESCE(g.voids, 0), voided_cents = COALESCE(g.voided_cents, 0),
            line_cents = COALESCE(p.line, 0), bingo_cents = COALESCE(p.bingo, 0), special_cents = COALESCE(p.special, 0), refunds_cents = COALESCE(r.cents, 0)
       FROM s LEFT JOIN g USING (session_id) LEFT JOIN p USING (session_id) LEFT JOIN r USING (session_id)
      WHERE x.hall_id = $1 AND x.session_id = s.session_id`,
    [hallId, [...touchedGames], [...sessions.map.keys()].map(Number)],
  );

  // What counts by its time: guias paid and voided, Z closes, fund movements (by session and day); machines by day.
  const timed: string[] = [
    ...factsOf(entries, 'guia_payment@1').map((f) => f.fact.paidAt),
    ...factsOf(entries, 'guia_void@1').map((f) => f.fact.voidedAt),
    ...factsOf(entries, 'z_report@1').map((f) => f.fact.closedAt),
    ...factsOf(entries, 'fund_contribution@1').map((f) => f.fact.at),
    ...factsOf(entries, 'fund_transfer@1').map((f) => f.fact.at),
  ];
  const latest = timed.reduce<string | null>((m, t) => (m === null || Date.parse(t) > Date.parse(m) ? t : m), null);
  const known = latest === null ? [] : await sessionsAround(c, hallId, latest);
  const buckets = new SumMap(emptySums);
  const bucket = (iso: string) => buckets.at(bucketKey(known, iso, zone));
  const machineDays = new SumMap(newMachineDay);
  const machineDay = (machineId: number, d: string) => machineDays.at(`${machineId}|${d}`);

  const guias = new Map<number, Guia>();
  const newGuias = factsOf(entries, 'guia@1');
  for (const { fact } of newGuias) {
    guias.set(fact.guiaId, { machineId: fact.machineId, amountCents: fact.amountCents, issuedDay: day(fact.issuedAt), voided: false });
    machineDay(fact.machineId, day(fact.issuedAt)).guiasIssuedCents += fact.amountCents;
  }
  if (newGuias.length > 0) {
    await c.query(
      `INSERT INTO summary_guias (hall_id, guia_id, machine_id, amount_cents, issued_day)
       SELECT $1, x.id, x.machine_id, x.cents, x.day FROM jsonb_to_recordset($2::jsonb) AS x(id bigint, machine_id bigint, cents bigint, day date)
       ON CONFLICT DO NOTHING`,
      [hallId, json(newGuias.map(({ fact }) => ({ id: fact.guiaId, machine_id: fact.machineId, cents: fact.amountCents, day: day(fact.issuedAt) })))],
    );
  }
  const paidGuias = factsOf(entries, 'guia_payment@1');
  const voidedGuias = factsOf(entries, 'guia_void@1');
  const wanted = [...new Set([...paidGuias.map((p) => p.fact.guiaId), ...voidedGuias.map((v) => v.fact.guiaId)])].filter((id) => !guias.has(id));
  if (wanted.length > 0) {
    const { rows } = await c.query<{ guia_id: string; machine_id: string; amount_cents: string; issued_day: string; voided: boolean }>(
      `SELECT guia_id, machine_id, amount_cents, to_char(issued_day, 'YYYY-MM-DD') AS issued_day, voided_at IS NOT NULL AS voided
         FROM summary_guias WHERE hall_id = $1 AND guia_id = ANY($2::bigint[])`,
      [hallId, wanted],
    );
    for (const r of rows) guias.set(Number(r.guia_id), { machineId: Number(r.machine_id), amountCents: Number(r.amount_cents), issuedDay: r.issued_day, voided: r.voided });
  }
  const guiaMarks: { id: number; paid_at: string | null; voided_at: string | null }[] = [];
  for (const { fact } of paidGuias) {
    const g = guias.get(fact.guiaId);
    if (!g) continue;
    const b = bucket(fact.paidAt);
    b.guiasPaid++;
    b.guiasPaidCents += g.amountCents;
    b.guiasCashCents += fact.cashCents;
    b.guiasChequeCents += fact.chequeCents;
    machineDay(g.machineId, day(fact.paidAt)).guiasPaidCents += g.amountCents;
    guiaMarks.push({ id: fact.guiaId, paid_at: fact.paidAt, voided_at: null });
  }
  for (const { fact } of voidedGuias) {
    const g = guias.get(fact.guiaId);
    if (!g) continue;
    const b = bucket(fact.voidedAt);
    b.guiasVoided++;
    b.guiasVoidedCents += g.amountCents;
    // Issued and voided since: not a machine's payout, as the hall's meter report counts it.
    if (!g.voided) machineDay(g.machineId, g.issuedDay).guiasIssuedCents -= g.amountCents;
    g.voided = true;
    guiaMarks.push({ id: fact.guiaId, paid_at: null, voided_at: fact.voidedAt });
  }
  if (guiaMarks.length > 0) {
    await c.query(
      `UPDATE summary_guias g SET paid_at = COALESCE(x.paid_at, g.paid_at), voided_at = COALESCE(x.voided_at, g.voided_at)
         FROM jsonb_to_recordset($2::jsonb) AS x(id bigint, paid_at text, voided_at text) WHERE g.hall_id = $1 AND g.guia_id = x.id`,
      [hallId, json(guiaMarks)],
    );
  }
  for (const { fact } of factsOf(entries, 'z_report@1')) {
    const b = bucket(fact.closedAt);
    b.zReports++;
    b.zExpectedCents += fact.expectedCents;
    b.zCountedCents += fact.countedCents;
    b.zVarianceCents += fact.varianceCents;
  }
  for (const { fact } of factsOf(entries, 'fund_contribution@1')) bucket(fact.at).fundContributionsCents += fact.amountCents;
  for (const { fact } of factsOf(entries, 'fund_transfer@1')) bucket(fact.at).fundTransfersCents += fact.amountCents;
  if (buckets.map.size > 0) {
    const columns = BUCKET_SUMS.map((k) => BUCKET_COLUMNS[k]);
    await c.query(
      `INSERT INTO summary_buckets AS b (hall_id, session_id, day, ${columns.join(', ')})
       SELECT $1, x.session_id, x.day, ${columns.map((col) => `x.${col}`).join(', ')}
         FROM jsonb_to_recordset($2::jsonb) AS x(session_id bigint, day date, ${columns.map((col) => `${col} bigint`).join(', ')})
       ON CONFLICT (hall_id, day, session_id) DO UPDATE SET ${columns.map((col) => `${col} = b.${col} + EXCLUDED.${col}`).join(', ')}`,
      [
        hallId,
        json(
          [...buckets.map].map(([key, sums]) => {
            const [session, d] = key.split('|');
            return { session_id: Number(session), day: d, ...Object.fromEntries(BUCKET_SUMS.map((k) => [BUCKET_COLUMNS[k], sums[k]])) };
          }),
        ),
      ],
    );
  }

  // Machines: their numbers (the newest entry's), bets (the newest entry's per number), meters by the reading's day.
  const machines = factsOf(entries, 'machine@1');
  if (machines.length > 0) {
    await c.query(
      `INSERT INTO summary_machines AS m (hall_id, machine_id, number, number_seq)
       SELECT $1, x.id, x.number, x.seq FROM jsonb_to_recordset($2::jsonb) AS x(id bigint, number text, seq bigint)
       ON CONFLICT (hall_id, machine_id) DO UPDATE SET number = EXCLUDED.number, number_seq = EXCLUDED.number_seq WHERE EXCLUDED.number_seq >= m.number_seq`,
      [hallId, json(lastBy(machines, (m) => String(m.fact.machineId)).map(({ seq, fact }) => ({ id: fact.machineId, number: fact.number, seq })))],
    );
  }
  const bets = factsOf(entries, 'machine_bet@1');
  if (bets.length > 0) {
    await c.query(
      `INSERT INTO summary_machine_bets AS b (hall_id, number, bet_cents, bet_seq)
       SELECT $1, x.number, x.bet, x.seq FROM jsonb_to_recordset($2::jsonb) AS x(number text, bet bigint, seq bigint)
       ON CONFLICT (hall_id, number) DO UPDATE SET bet_cents = EXCLUDED.bet_cents, bet_seq = EXCLUDED.bet_seq WHERE EXCLUDED.bet_seq >= b.bet_seq`,
      [hallId, json(lastBy(bets, (b) => b.fact.number).map(({ seq, fact }) => ({ number: fact.number, bet: fact.betCents, seq })))],
    );
  }
  for (const { fact } of factsOf(entries, 'meter_reading@1')) {
    const m = machineDay(fact.machineId, day(fact.at));
    m.coinsIn += fact.coinsIn;
    m.prizesPaid += fact.prizesPaid;
    m.readings++;
  }
  if (machineDays.map.size > 0) {
    await c.query(
      `INSERT INTO summary_machine_days AS m (hall_id, machine_id, day, coins_in, prizes_paid, readings, guias_issued_cents, guias_paid_cents)
       SELECT $1, x.machine_id, x.day, x.coins_in, x.prizes, x.readings, x.issued, x.paid
         FROM jsonb_to_recordset($2::jsonb) AS x(machine_id bigint, day date, coins_in bigint, prizes bigint, readings integer, issued bigint, paid bigint)
       ON CONFLICT (hall_id, machine_id, day) DO UPDATE SET coins_in = m.coins_in + EXCLUDED.coins_in, prizes_paid = m.prizes_paid + EXCLUDED.prizes_paid,
         readings = m.readings + EXCLUDED.readings, guias_issued_cents = m.guias_issued_cents + EXCLUDED.guias_issued_cents,
         guias_paid_cents = m.guias_paid_cents + EXCLUDED.guias_paid_cents`,
      [
        hallId,
        json(
          [...machineDays.map].map(([key, m]) => {
            const [machineId, d] = key.split('|');
            return { machine_id: Number(machineId), day: d, coins_in: m.coinsIn, prizes: m.prizesPaid, readings: m.readings, issued: m.guiasIssuedCents, paid: m.guiasPaidCents };
          }),
        ),
      ],
    );
  }
  await c.query('UPDATE halls SET summarized_seq = $2 WHERE hall_id = $1', [hallId, entries[entries.length - 1]!.seq]);
}

/** The last of each key, in order. */
function lastBy<T>(list: readonly T[], key: (t: T) => string): T[] {
  const m = new Map<string, T>();
  for (const t of list) m.set(key(t), t);
  return [...m.values()];
}

/** A hall's entries after `afterSeq` (at most `limit`), up to the first without facts (it waits for its upcast). */
export async function entriesToSummarize(c: GroupClient, hallId: string, afterSeq: number, limit: number): Promise<SummedEntry[]> {
  const { rows } = await c.query<{ seq: string; facts: SummedEntry['facts'] | null }>(
    `SELECT seq, facts FROM journal WHERE hall_id = $1 AND seq > $2 AND seq <= $3 ORDER BY seq`,
    [hallId, afterSeq, afterSeq + limit],
  );
  const out: SummedEntry[] = [];
  let expected = afterSeq + 1;
  for (const r of rows) {
    if (r.facts === null || Number(r.seq) !== expected) break;
    out.push({ seq: expected++, facts: r.facts });
  }
  return out;
}

// ---- read by the report ----

const n = (v: string | number | null | undefined): number => (v === null || v === undefined ? 0 : Number(v));

/**
 * A query's rows as one text, a line per row and its fields by commas, split here: a year of a hundred halls is
 * 200,000 rows, and the driver's parse of each row took four fifths of the report's time (measured: 400 ms for
 * the year's sessions, 55 of them PostgreSQL's). Every field is an id, a number, a day or an ISO time (no comma);
 * a field that may be null is given as coalesce(..., '') (concat_ws would drop it). In no order: the report sorts.
 */
async function textRows(c: GroupClient, fields: readonly string[], from: string, values: unknown[]): Promise<string[][]> {
  const { rows } = await c.query<{ t: string | null }>(
    `SELECT string_agg(concat_ws(',', ${fields.join(', ')}), E'\\n') AS t FROM ${from}`,
    values,
  );
  const text = rows[0]?.t ?? null;
  return text === null ? [] : text.split('\n').map((line) => line.split(','));
}

const orNull = (v: string | undefined): string | null => (v === undefined || v === '' ? null : v);

/** A day sent as its number of days since 1970-01-01 (whatever the server's DateStyle), as YYYY-MM-DD. */
const epochDay = (days: string): string => new Date(Number(days) * 86_400_000).toISOString().slice(0, 10);

const SESSION_FIELDS = [
  'hall_id', 'session_id', 'opened_at', "coalesce(closed_at, '')", 'games', 'games_annulled', 'cards_sold', 'sales_cents', 'stamp_duty_cents', 'voids', 'voided_cents',
  'line_cents', 'bingo_cents', 'special_cents', 'refunds_cents', "opened_day - date '1970-01-01'",
] as const;

/** The sessions opened in [fromDay, toDay] (hall days), as summed. */
export async function summarySessions(c: GroupClient, hallIds: readonly string[], fromDay: string, toDay: string): Promise<SessionFact[]> {
  const rows = await textRows(c, SESSION_FIELDS, `summary_sessions WHERE hall_id = ANY($1::uuid[]) AND opened_day BETWEEN $2 AND $3`, [hallIds, fromDay, toDay]);
  return rows.map((r) => ({
    hallId: r[0]!,
    sessionId: n(r[1]),
    openedAt: r[2]!,
    closedAt: orNull(r[3]),
    games: n(r[4]),
    gamesAnnulled: n(r[5]),
    cardsSold: n(r[6]),
    salesCents: n(r[7]),
    stampDutyCents: n(r[8]),
    voids: n(r[9]),
    voidedCents: n(r[10]),
    linePrizesCents: n(r[11]),
    bingoPrizesCents: n(r[12]),
    specialPrizesCents: n(r[13]),
    refundsCents: n(r[14]),
    day: epochDay(r[15]!),
  }));
}

/** Each bucket figure's column in summary_buckets. */
const BUCKET_COLUMNS: { readonly [K in keyof BucketSums]: string } = {
  guiasPaid: 'guias_paid',
  guiasPaidCents: 'guias_paid_cents',
  guiasCashCents: 'guias_cash_cents',
  guiasChequeCents: 'guias_cheque_cents',
  guiasVoided: 'guias_voided',
  guiasVoidedCents: 'guias_voided_cents',
  fundContributionsCents: 'fund_contributions_cents',
  fundTransfersCents: 'fund_transfers_cents',
  zReports: 'z_reports',
  zExpectedCents: 'z_expected_cents',
  zCountedCents: 'z_counted_cents',
  zVarianceCents: 'z_variance_cents',
};

/** The buckets of the period's days and the day after (a session opened on its last day runs past midnight). */
export async function summaryBuckets(c: GroupClient, hallIds: readonly string[], fromDay: string, toDay: string): Promise<BucketFact[]> {
  const fields = ['hall_id', 'session_id', "day - date '1970-01-01'", ...BUCKET_SUMS.map((k) => BUCKET_COLUMNS[k])];
  const rows = await textRows(c, fields, `summary_buckets WHERE hall_id = ANY($1::uuid[]) AND day BETWEEN $2::date AND $3::date + 1`, [hallIds, fromDay, toDay]);
  return rows.map((r) => {
    const b = { hallId: r[0]!, sessionId: r[1] === '0' ? null : Number(r[1]), day: epochDay(r[2]!) } as BucketFact;
    for (let i = 0; i < BUCKET_SUMS.length; i++) b[BUCKET_SUMS[i]!] = Number(r[3 + i]);
    return b;
  });
}

/** Each machine with its newest number and bet, and its days of the period summed. */
export async function summaryMachines(c: GroupClient, hallIds: readonly string[], fromDay: string, toDay: string): Promise<MachineSum[]> {
  const { rows } = await c.query<Record<string, string | null>>(
    `SELECT m.hall_id, m.machine_id, m.number, b.bet_cents, b.bet_seq, d.coins_in, d.prizes, d.readings, d.issued, d.paid
       FROM summary_machines m
       LEFT JOIN summary_machine_bets b ON b.hall_id = m.hall_id AND b.number = m.number
       LEFT JOIN (
         SELECT hall_id, machine_id, SUM(coins_in) AS coins_in, SUM(prizes_paid) AS prizes, SUM(readings) AS readings,
                SUM(guias_issued_cents) AS issued, SUM(guias_paid_cents) AS paid
           FROM summary_machine_days WHERE hall_id = ANY($1::uuid[]) AND day BETWEEN $2 AND $3 GROUP BY hall_id, machine_id
       ) d ON d.hall_id = m.hall_id AND d.machine_id = m.machine_id
      WHERE m.hall_id = ANY($1::uuid[])
      ORDER BY m.hall_id, length(m.number), m.number`,
    [hallIds, fromDay, toDay],
  );
  return rows.map((r) => ({
    hallId: r.hall_id!,
    machineId: n(r.machine_id),
    number: r.number!,
    betCents: r.bet_cents === null ? null : n(r.bet_cents),
    betSeq: r.bet_seq === null ? null : n(r.bet_seq),
    coinsIn: n(r.coins_in),
    prizesPaid: n(r.prizes),
    readings: n(r.readings),
    guiasIssuedCents: n(r.issued),
    guiasPaidCents: n(r.paid),
  }));
}

