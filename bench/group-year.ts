/**
 * The group's report over a year of a hundred halls (issue 43: within 2 s).
 * The report reads the summaries the shipper keeps as entries arrive
 * (db/group/summaries.ts), so the bench builds those at a year's full size
 * with PostgreSQL's generate_series, as a hundred halls' year would leave them:
 * per hall and day two bingo sessions (their figures), each with its bucket of
 * guias, Z closes and fund movements, a bucket outside the sessions, and each
 * machine's day (30 machines a hall), with the games, prizes and guias the
 * shipper looks up beside them (15 games, 2 prizes and 20 guias a session).
 * The entries themselves (73 million: 2,000 a hall a day) are not written:
 * the report does not read them, and this machine cannot ship them in a
 * bench's time (24,000 entries/s: 50 minutes). What ships them summed is
 * measured by bench/journal.ts (entries/s with the summaries written in the
 * same transaction) and a day's verification by bench/group-verify.ts.
 *
 * Knobs: BENCH_YEAR_HALLS (100), BENCH_YEAR_DAYS (365), BENCH_YEAR_MACHINES (30).
 * Prints one JSON object on stdout when run alone.
 */
import { performance } from 'node:perf_hooks';
import { reportPeriod } from '../core/group-report.js';
import { openGroup } from '../main/group/index.js';
import { readGroupReport } from '../main/group/report.js';
import { createTestDatabase } from '../test/postgres.js';
import { printFigures } from './record.js';
import { isEntry } from './rpc-client.js';
import { round, stats } from './stats.js';

const env = (name: string, fallback: number) => (process.env[name] ? Number(process.env[name]) : fallback);
const log = (text: string) => process.stderr.write(`[group-year bench] ${text}\n`);

/** The summaries of `halls` halls over `days` days from 2026-01-01, in the database at `url` (its schema migrated). */
export async function generateYear(query: (sql: string, values?: unknown[]) => Promise<unknown>, halls: number, days: number, machines: number): Promise<void> {
  await query(`INSERT INTO halls (hall_id, name, genesis, head_hash)
               SELECT md5('hall' || h)::uuid, 'Sala ' || lpad(h::text, 3, '0'), repeat('0', 64), repeat('0', 64) FROM generate_series(1, $1) h`, [halls]);
  // Two sessions a day: 15:00-19:00 and 20:00-23:30 UTC (Lisbon's winter clock), session ids 2d+1 and 2d+2.
  await query(
    `INSERT INTO summary_sessions (hall_id, session_id, opened_at, opened_ts, opened_day, closed_at, games, games_annulled, cards_sold, sales_cents,
            stamp_duty_cents, voids, voided_cents, line_cents, bingo_cents, special_cents, refunds_cents)
     SELECT md5('hall' || h)::uuid, 2 * d + s, to_char(t, 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), t, (t AT TIME ZONE 'UTC')::date,
            to_char(t + interval '3 hours 30 minutes', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'), 15, ((h + d) % 50 = 0 AND s = 1)::int,
            3000 + (h * 7 + d) % 500, (3000 + (h * 7 + d) % 500) * 100, (3000 + (h * 7 + d) % 500) * 25, (h + d) % 3, 100 * ((h + d) % 3),
            15 * 2500, 15 * 25000, CASE WHEN d % 30 = 0 THEN 100000 ELSE 0 END, 0
       FROM generate_series(1, $1) h, generate_series(0, $2 - 1) d, generate_series(1, 2) s,
            LATERAL (SELECT timestamptz '2026-01-01 00:00Z' + d * interval '1 day' + CASE s WHEN 1 THEN interval '15 hours' ELSE interval '20 hours' END AS t) x`,
    [halls, days],
  );
  await query(
    `INSERT INTO summary_buckets (hall_id, day, session_id, guias_paid, guias_paid_cents, guias_cash_cents, guias_cheque_cents, guias_voided, guias_voided_cents,
            fund_contributions_cents, fund_transfers_cents, z_reports, z_expected_cents, z_counted_cents, z_variance_cents)
     SELECT md5('hall' || h)::uuid, date '2026-01-01' + d, CASE WHEN s = 0 THEN 0 ELSE 2 * d + s END, 10, 10 * 4000, 10 * 3000, 10 * 1000, (d % 7 = 0)::int, 500 * (d % 7 = 0)::int,
            2500, 0, 3, 3 * 150000, 3 * 150000 - (h % 5), -(h % 5)
       FROM generate_series(1, $1) h, generate_series(0, $2 - 1) d, generate_series(0, 2) s`,
    [halls, days],
  );
  await query(
    `INSERT INTO summary_machines (hall_id, machine_id, number, number_seq)
     SELECT md5('hall' || h)::uuid, m, m::text, m FROM generate_series(1, $1) h, generate_series(1, $2) m`,
    [halls, machines],
  );
  await query(
    `INSERT INTO summary_machine_bets (hall_id, number, bet_cents, bet_seq)
     SELECT md5('hall' || h)::uuid, m::text, 50, m FROM generate_series(1, $1) h, generate_series(1, $2) m`,
    [halls, machines],
  );
  await query(
    `INSERT INTO summary_machine_days (hall_id, machine_id, day, coins_in, prizes_paid, readings, guias_issued_cents, guias_paid_cents)
     SELECT md5('hall' || h)::uuid, m, date '2026-01-01' + d, 4000 + (m * 13 + d) % 1000, 3000 + (m * 11 + d) % 700, 1, 1300, 1300
       FROM generate_series(1, $1) h, generate_series(1, $3) m, generate_series(0, $2 - 1) d`,
    [halls, days, machines],
  );
  // What the shipper looks up beside them (not read by the report): 15 games and 2 prizes a session, 20 guias a day.
  await query(
    `INSERT INTO summary_games (hall_id, game_id, session_id, closure_cards, closure_cents, closure_stamp, sales_cards, sales_cents)
     SELECT md5('hall' || h)::uuid, (2 * d + s) * 15 + g, 2 * d + s, 200, 20000, 5000, 200, 20000
       FROM generate_series(1, $1) h, generate_series(0, $2 - 1) d, generate_series(1, 2) s, generate_series(0, 14) g`,
    [halls, days],
  );
  await query(
    `INSERT INTO summary_winners (hall_id, winner_id, game_id, kind, cents, paid_at)
     SELECT md5('hall' || h)::uuid, 2 * ((2 * d + s) * 15 + g) + k, (2 * d + s) * 15 + g, CASE k WHEN 0 THEN 'line' ELSE 'bingo' END, 2500, '2026-01-01T16:00:00.000Z'
       FROM generate_series(1, $1) h, generate_series(0, $2 - 1) d, generate_series(1, 2) s, generate_series(0, 14) g, generate_series(0, 1) k`,
    [halls, days],
  );
  await query(
    `INSERT INTO summary_guias (hall_id, guia_id, machine_id, amount_cents, issued_day, paid_at)
     SELECT md5('hall' || h)::uuid, d * 20 + i, 1 + i % 30, 4000, date '2026-01-01' + d, '2026-01-01T16:00:00.000Z'
       FROM generate_series(1, $1) h, generate_series(0, $2 - 1) d, generate_series(0, 19) i`,
    [halls, days],
  );
  await query('ANALYZE');
}

export async function benchGroupYear(o: { halls: number; days: number; machines: number }) {
  const pg = await createTestDatabase();
  try {
    const group = await openGroup(pg.url);
    try {
      const t0 = performance.now();
      log(`summaries of ${o.halls} halls over ${o.days} days (${o.machines} machines each)`);
      await generateYear((sql, values) => group.pool.query(sql, values), o.halls, o.days, o.machines);
      const generateSeconds = (performance.now() - t0) / 1000;
      const count = async (table: string) => Number(((await group.pool.query<{ n: string }>(`SELECT count(*) AS n FROM ${table}`)).rows[0]!).n);
      const rows = {
        sessions: await count('summary_sessions'),
        buckets: await count('summary_buckets'),
        machineDays: await count('summary_machine_days'),
        games: await count('summary_games'),
        winners: await count('summary_winners'),
        guias: await count('summary_guias'),
      };
      const last = new Date(Date.UTC(2026, 0, 1) + (o.days - 1) * 86_400_000).toISOString().slice(0, 10);
      const year = reportPeriod({ from: '2026-01-01', to: last }, last);
      const month = reportPeriod({ from: '2026-01-01', to: '2026-01-31' }, last);
      const time = async (period: typeof year, runs: number) => {
        const ms: number[] = [];
        let report: Awaited<ReturnType<typeof readGroupReport>> | null = null;
        for (let i = 0; i < runs; i++) {
          const t = performance.now();
          report = await readGroupReport(group.pool, period);
          ms.push(performance.now() - t);
        }
        return { ms, report: report! };
      };
      log('the year\'s report, three times');
      const y = await time(year, 3);
      // Every session of the year is in it, each hall's day outside sessions too, with their figures.
      const sessionRows = y.report.rows.filter((r) => r.sessionNumber !== null);
      if (sessionRows.length !== o.halls * o.days * 2 || y.report.readFromEntries?.length !== 0) throw new Error(`year: ${sessionRows.length} session rows`);
      if (y.report.machines.length !== o.halls * o.machines) throw new Error(`year: ${y.report.machines.length} machines`);
      const salesCents = sessionRows.reduce((s, r) => s + r.salesCents, 0);
      log('a month\'s report, three times');
      const m = await time(month, 3);
      const yearStats = stats(y.ms);
      return {
        scale: { ...o, sessionsADay: 2, entriesRepresented: o.halls * o.days * 2_000, note: 'summary rows generated at full size; entries not written (the report reads summaries only)' },
        rows,
        generateSeconds: round(generateSeconds),
        yearReport: { ms: y.ms.map(round), medianMs: yearStats.medianMs, rows: y.report.rows.length, salesCents },
        monthReport: { ms: m.ms.map(round), rows: m.report.rows.length },
        targets: { yearOf100HallsWithin2s: o.halls >= 100 && o.days >= 365 ? Math.max(...y.ms) <= 2_000 : null },
      };
    } finally {
      await group.close();
    }
  } finally {
    await pg.drop();
  }
}

if (isEntry(import.meta.url)) {
  const figures = await benchGroupYear({ halls: env('BENCH_YEAR_HALLS', 100), days: env('BENCH_YEAR_DAYS', 365), machines: env('BENCH_YEAR_MACHINES', 30) });
  printFigures('group-year', { bench: 'group-year', unit: 'ms', ...figures });
}
