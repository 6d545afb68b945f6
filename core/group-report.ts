/**
 * The group's report (issue 25), shaped from the facts PostgreSQL summed out
 * of the journal (db/group/report.ts): one row per hall and bingo session,
 * with the guias, Z closes and fund movements of the session's hours; what
 * falls outside every session gets a row of its hall and day without a
 * session. Each machine's return over the period against art. n.º 2's 80 %,
 * by the caixa's own rules. Pure functions, integer cents.
 */
import { MAX_SESSION_HOURS } from './bingo/rules.js';
import { creditsToCents, MIN_RETURN_BASIS_POINTS, returnToPlayer } from './caixa/rules.js';
import { csvCents, csvText, type CsvColumn } from './csv.js';
import { KioskError } from './refusal.js';
import { DEFAULT_HALL_TIME_ZONE, hallDay, hallDayStart, type HallTimeZone } from './time.js';

const REPORT_FORMATS = ['json', 'csv', 'html'] as const;
export type ReportFormat = (typeof REPORT_FORMATS)[number];

export interface ReportPeriod {
  /** Hall days, inclusive. */
  fromDay: string;
  toDay: string;
  /** [from, to): the instants the days begin and the day after the last begins. */
  from: string;
  to: string;
}

const DAY = /^\d{4}-\d{2}-\d{2}$/;

/**
 * The period asked for: hall days, both inclusive. Without --to, today; without --from, the first day of the
 * month of --to. A day that is not a date, or a period that ends before it begins, is refused.
 */
export function reportPeriod(p: { from?: string | undefined; to?: string | undefined }, today: string): ReportPeriod {
  const toDay = p.to ?? today;
  const fromDay = p.from ?? `${toDay.slice(0, 7)}-01`;
  // --to first: --from may be made from it.
  for (const [name, day] of [
    ['--to', toDay],
    ['--from', fromDay],
  ] as const) {
    // A real date: 2026-02-30 is no day (Date would roll it over).
    // Whether it is a day at all does not depend on the zone: Lisbon's calendar says.
    const start = DAY.test(day) ? hallDayStart(day, DEFAULT_HALL_TIME_ZONE) : null;
    if (start === null || hallDay(new Date(new Date(start).getTime() + 12 * 3_600_000), DEFAULT_HALL_TIME_ZONE) !== day) {
      throw new KioskError('GROUP_REPORT_DAY_INVALID', { name, day: day.slice(0, 20) });
    }
  }
  if (fromDay > toDay) throw new KioskError('GROUP_REPORT_PERIOD_INVALID', { from: fromDay, to: toDay });
  return { fromDay, toDay, ...periodIn({ fromDay, toDay }, DEFAULT_HALL_TIME_ZONE) };
}

/** The period's instants [from, to) on one hall's clock: its days begin at its own midnight (an Azores hall's an hour after Lisbon's). */
export function periodIn(period: { fromDay: string; toDay: string }, zone: HallTimeZone): { from: string; to: string } {
  return { from: hallDayStart(period.fromDay, zone)!, to: hallDayStart(period.toDay, zone, 1)! };
}

export function reportFormat(format: string | undefined): ReportFormat {
  if (format !== undefined && (REPORT_FORMATS as readonly string[]).includes(format)) return format as ReportFormat;
  throw new KioskError('GROUP_REPORT_FORMAT_INVALID', { format: (format ?? '').slice(0, 20) });
}

/** Entries are read up to this: a session opened on the period's last day runs at most its hours past it. */
export function scanEnd(period: ReportPeriod): string {
  return new Date(new Date(period.to).getTime() + MAX_SESSION_HOURS * 3_600_000).toISOString();
}

// ---- the facts, as db/group/report.ts sums them out of the group's contract's facts (core/group-contract) ----

export interface SessionFact {
  hallId: string;
  sessionId: number;
  openedAt: string;
  closedAt: string | null;
  games: number;
  gamesAnnulled: number;
  cardsSold: number;
  salesCents: number;
  stampDutyCents: number;
  voids: number;
  voidedCents: number;
  linePrizesCents: number;
  bingoPrizesCents: number;
  specialPrizesCents: number;
  refundsCents: number;
  /** The hall day it opened, where the summaries keep it (else it is worked out from openedAt on the hall's clock). */
  day?: string;
}

export interface GuiaFact {
  hallId: string;
  guiaId: number;
  number: number;
  machineId: number;
  kind: string;
  amountCents: number;
  issuedAt: string;
  paidAt: string | null;
  cashCents: number;
  chequeCents: number;
  voidedAt: string | null;
}

export interface ZFact {
  hallId: string;
  zNumber: number;
  closedAt: string;
  expectedCents: number;
  countedCents: number;
  varianceCents: number;
  movements: Record<string, number>;
}

export interface FundFact {
  hallId: string;
  at: string;
  kind: 'contribution' | 'transfer';
  amountCents: number;
}

export interface MeterFact {
  hallId: string;
  machineId: number;
  number: string;
  /** Its newest bet: registered, edited or imported (the latest entry's machine_bet@1). */
  betCents: number | null;
  betSeq: number | null;
  coinsIn: number;
  prizesPaid: number;
  readings: number;
}

export interface ReportFacts {
  /** Each hall's days are counted on its own clock (Lisbon where not said). */
  halls: readonly { hallId: string; name: string; timeZone?: HallTimeZone }[];
  sessions: readonly SessionFact[];
  guias: readonly GuiaFact[];
  zReports: readonly ZFact[];
  funds: readonly FundFact[];
  meters: readonly MeterFact[];
}

// ---- the report ----

/** What a hall did by time outside the session figures (guias, Z closes, fund movements), summed per session it fell in and hall day. */
export interface BucketSums {
  guiasPaid: number;
  guiasPaidCents: number;
  guiasCashCents: number;
  guiasChequeCents: number;
  guiasVoided: number;
  guiasVoidedCents: number;
  fundContributionsCents: number;
  fundTransfersCents: number;
  zReports: number;
  zExpectedCents: number;
  zCountedCents: number;
  zVarianceCents: number;
}

/** One hall and bingo session (sessionNumber null: what its hall did that day outside every session). */
export interface ReportRow extends BucketSums {
  hallId: string;
  hallName: string;
  sessionNumber: number | null;
  /** The hall day the session opened (or of the facts outside a session). */
  date: string;
  openedAt: string | null;
  closedAt: string | null;
  games: number;
  gamesAnnulled: number;
  cardsSold: number;
  salesCents: number;
  voids: number;
  voidedCents: number;
  linePrizesCents: number;
  bingoPrizesCents: number;
  specialPrizesCents: number;
  prizesCents: number;
  refundsCents: number;
  stampDutyCents: number;
}

interface MachineReturn {
  hallName: string;
  number: string;
  betCents: number | null;
  readings: number;
  playedCents: number;
  machinePrizesCents: number;
  guiasCents: number;
  /** null: nothing played (or no bet known). */
  returnBasisPoints: number | null;
  below: boolean;
}

export interface GroupReport {
  fromDay: string;
  toDay: string;
  generatedAt: string;
  /** The program that made the report, with its version (issue 40). */
  software: string;
  minimumReturnBasisPoints: number;
  rows: ReportRow[];
  machines: MachineReturn[];
  /** Guias paid in the period per machine (hall and number), for the chart. */
  guiasByMachine: { hallName: string; number: string; paidCents: number }[];
  /** The halls read entry by entry, their summaries not yet holding every entry (the group's report; same figures, slower). */
  readFromEntries?: string[];
}

const at = (iso: string) => new Date(iso).getTime();

function emptyRow(hallId: string, hallName: string, sessionNumber: number | null, date: string, openedAt: string | null, closedAt: string | null): ReportRow {
  return {
    hallId,
    hallName,
    sessionNumber,
    date,
    openedAt,
    closedAt,
    games: 0,
    gamesAnnulled: 0,
    cardsSold: 0,
    salesCents: 0,
    voids: 0,
    voidedCents: 0,
    linePrizesCents: 0,
    bingoPrizesCents: 0,
    specialPrizesCents: 0,
    prizesCents: 0,
    refundsCents: 0,
    stampDutyCents: 0,
    ...emptySums(),
  };
}

export const BUCKET_SUMS: readonly (keyof BucketSums)[] = [
  'guiasPaid',
  'guiasPaidCents',
  'guiasCashCents',
  'guiasChequeCents',
  'guiasVoided',
  'guiasVoidedCents',
  'fundContributionsCents',
  'fundTransfersCents',
  'zReports',
  'zExpectedCents',
  'zCountedCents',
  'zVarianceCents',
];

/** The facts of one hall at one time: in the bingo session open then (its id), and on its hall day. */
export interface BucketFact extends BucketSums {
  hallId: string;
  /** The session the facts fell in (null: none open); a session not among the period's puts them in its day's row. */
  sessionId: number | null;
  day: string;
}

/** A machine over the period: its meters' deltas and the guias issued (never voided since) and paid in it. */
export interface MachineSum extends MeterFact {
  guiasIssuedCents: number;
  guiasPaidCents: number;
}

/**
 * The report's figures in the shape the group keeps them on arrival (issue 43, db/group/summaries.ts): sessions,
 * buckets per session and day, machines' sums. The report is made from this shape whichever way it was read.
 */
export interface SummaryFacts {
  halls: ReportFacts['halls'];
  sessions: readonly SessionFact[];
  buckets: readonly BucketFact[];
  machines: readonly MachineSum[];
}

export const emptySums = (): BucketSums => Object.fromEntries(BUCKET_SUMS.map((k) => [k, 0])) as unknown as BucketSums;

function zoneLookup(halls: ReportFacts['halls']): (hallId: string) => HallTimeZone {
  const zones = new Map(halls.map((h) => [h.hallId, h.timeZone ?? DEFAULT_HALL_TIME_ZONE]));
  return (hallId) => zones.get(hallId) ?? DEFAULT_HALL_TIME_ZONE;
}

/**
 * The facts read entry by entry summed into the kept shape: each guia's payment and void, Z and fund movement put
 * in the period's session open at its time, else in its hall day (dropped outside the period); each machine's
 * guias issued in the period and never voided, and those paid in it.
 */
export function summaryOf(facts: ReportFacts, period: ReportPeriod): SummaryFacts {
  const zoneOf = zoneLookup(facts.halls);
  const windows = new Map<HallTimeZone, { from: number; to: number }>();
  /** The period's instants on the hall's clock. */
  const windowOf = (hallId: string) => {
    const zone = zoneOf(hallId);
    let w = windows.get(zone);
    if (!w) {
      const p = periodIn(period, zone);
      windows.set(zone, (w = { from: at(p.from), to: at(p.to) }));
    }
    return w;
  };
  const sessionsOf = new Map<string, { id: number; from: number; to: number }[]>();
  for (const s of facts.sessions) {
    const list = sessionsOf.get(s.hallId) ?? [];
    list.push({ id: s.sessionId, from: at(s.openedAt), to: s.closedAt === null ? Infinity : at(s.closedAt) });
    sessionsOf.set(s.hallId, list);
  }
  const buckets = new Map<string, BucketFact>();
  /** The bucket of a fact of the hall at `iso`: its session's, else its day's outside sessions; null outside the period. */
  const bucketAt = (hallId: string, iso: string): BucketFact | null => {
    const t = at(iso);
    const session = sessionsOf.get(hallId)?.find((s) => s.from <= t && t <= s.to);
    const w = windowOf(hallId);
    if (!session && (t < w.from || t >= w.to)) return null;
    const day = hallDay(new Date(iso), zoneOf(hallId));
    const key = `${hallId}\u0000${session?.id ?? ''}\u0000${day}`;
    let b = buckets.get(key);
    if (!b) buckets.set(key, (b = { hallId, sessionId: session?.id ?? null, day, ...emptySums() }));
    return b;
  };
  for (const g of facts.guias) {
    const paid = g.paidAt === null ? null : bucketAt(g.hallId, g.paidAt);
    if (paid) {
      paid.guiasPaid++;
      paid.guiasPaidCents += g.amountCents;
      paid.guiasCashCents += g.cashCents;
      paid.guiasChequeCents += g.chequeCents;
    }
    const voided = g.voidedAt === null ? null : bucketAt(g.hallId, g.voidedAt);
    if (voided) {
      voided.guiasVoided++;
      voided.guiasVoidedCents += g.amountCents;
    }
  }
  for (const z of facts.zReports) {
    const b = bucketAt(z.hallId, z.closedAt);
    if (!b) continue;
    b.zReports++;
    b.zExpectedCents += z.expectedCents;
    b.zCountedCents += z.countedCents;
    b.zVarianceCents += z.varianceCents;
  }
  for (const f of facts.funds) {
    const b = bucketAt(f.hallId, f.at);
    if (!b) continue;
    if (f.kind === 'contribution') b.fundContributionsCents += f.amountCents;
    else b.fundTransfersCents += f.amountCents;
  }
  // Each machine over the period as the hall's meter report counts it: guias issued in it and never voided.
  const inPeriod = (hallId: string, iso: string) => {
    const w = windowOf(hallId);
    return at(iso) >= w.from && at(iso) < w.to;
  };
  const issued = new Map<string, number>();
  const paid = new Map<string, number>();
  for (const g of facts.guias) {
    const key = `${g.hallId}\u0000${g.machineId}`;
    if (g.voidedAt === null && inPeriod(g.hallId, g.issuedAt)) issued.set(key, (issued.get(key) ?? 0) + g.amountCents);
    if (g.paidAt !== null && inPeriod(g.hallId, g.paidAt)) paid.set(key, (paid.get(key) ?? 0) + g.amountCents);
  }
  const machines = facts.meters.map((m) => {
    const key = `${m.hallId}\u0000${m.machineId}`;
    return { ...m, guiasIssuedCents: issued.get(key) ?? 0, guiasPaidCents: paid.get(key) ?? 0 };
  });
  return { halls: facts.halls, sessions: facts.sessions, buckets: [...buckets.values()], machines };
}

/** The report from facts read entry by entry (the group's check of its summaries, and a hall whose summaries lag). */
export function groupReport(facts: ReportFacts, period: ReportPeriod, generatedAt: string, software: string): GroupReport {
  return groupReportOf(summaryOf(facts, period), period, generatedAt, software);
}

/**
 * The report from the kept shape: one row per session opened in the period, its buckets beside it; a bucket of no
 * such session goes to its hall's day outside sessions, if that day is in the period.
 */
export function groupReportOf(facts: SummaryFacts, period: ReportPeriod, generatedAt: string, software: string): GroupReport {
  const names = new Map(facts.halls.map((h) => [h.hallId, h.name]));
  const nameOf = (hallId: string) => names.get(hallId) ?? hallId;
  const zoneOf = zoneLookup(facts.halls);
  const rows: ReportRow[] = [];
  const sessionRows = new Map<string, ReportRow>();
  for (const s of facts.sessions) {
    const row: ReportRow = {
      ...emptyRow(s.hallId, nameOf(s.hallId), s.sessionId, s.day ?? hallDay(new Date(s.openedAt), zoneOf(s.hallId)), s.openedAt, s.closedAt),
      games: s.games,
      gamesAnnulled: s.gamesAnnulled,
      cardsSold: s.cardsSold,
      salesCents: s.salesCents,
      voids: s.voids,
      voidedCents: s.voidedCents,
      linePrizesCents: s.linePrizesCents,
      bingoPrizesCents: s.bingoPrizesCents,
      specialPrizesCents: s.specialPrizesCents,
      prizesCents: s.linePrizesCents + s.bingoPrizesCents + s.specialPrizesCents,
      refundsCents: s.refundsCents,
      stampDutyCents: s.stampDutyCents,
    };
    rows.push(row);
    sessionRows.set(`${s.hallId}\u0000${s.sessionId}`, row);
  }
  const outside = new Map<string, ReportRow>();
  for (const b of facts.buckets) {
    let row = b.sessionId === null ? undefined : sessionRows.get(`${b.hallId}\u0000${b.sessionId}`);
    if (!row) {
      if (b.day < period.fromDay || b.day > period.toDay) continue;
      const key = `${b.hallId}\u0000${b.day}`;
      row = outside.get(key);
      if (!row) outside.set(key, (row = emptyRow(b.hallId, nameOf(b.hallId), null, b.day, null, null)));
    }
    for (const k of BUCKET_SUMS) row[k] += b[k];
  }
  rows.push(...outside.values());
  // One collator for the whole sort: localeCompare builds one per call (a year of a hundred halls: 2 million calls).
  const collator = new Intl.Collator('pt');
  rows.sort((a, b) =>
    a.hallName !== b.hallName
      ? collator.compare(a.hallName, b.hallName)
      : a.hallId !== b.hallId
        ? a.hallId.localeCompare(b.hallId)
        : a.date !== b.date
          ? a.date.localeCompare(b.date)
          : (a.sessionNumber ?? Infinity) - (b.sessionNumber ?? Infinity),
  );
  // Machines in the rows' order of halls, then by number as a person reads it (7 before 10).
  const hallOrder = new Map(
    [...new Set(facts.machines.map((m) => m.hallId))]
      .sort((a, b) => collator.compare(nameOf(a), nameOf(b)) || (a < b ? -1 : a > b ? 1 : 0))
      .map((id, i) => [id, i]),
  );
  const ordered = [...facts.machines].sort((a, b) => hallOrder.get(a.hallId)! - hallOrder.get(b.hallId)! || a.number.length - b.number.length || (a.number < b.number ? -1 : a.number > b.number ? 1 : 0));
  const machines: MachineReturn[] = ordered.map((m) => {
    const betCents = m.betCents;
    const playedCents = betCents === null ? 0 : creditsToCents(m.coinsIn, betCents);
    const machinePrizesCents = betCents === null ? 0 : creditsToCents(m.prizesPaid, betCents);
    const r = returnToPlayer({ playedCents, machinePrizesCents, guiasCents: m.guiasIssuedCents });
    return { hallName: nameOf(m.hallId), number: m.number, betCents, readings: m.readings, playedCents, machinePrizesCents, guiasCents: m.guiasIssuedCents, returnBasisPoints: r.basisPoints, below: r.below };
  });
  const guiasByMachine = ordered.map((m) => ({ hallName: nameOf(m.hallId), number: m.number, paidCents: m.guiasPaidCents })).filter((g) => g.paidCents > 0);
  return { fromDay: period.fromDay, toDay: period.toDay, generatedAt, software, minimumReturnBasisPoints: MIN_RETURN_BASIS_POINTS, rows, machines, guiasByMachine };
}

/** The report's figures a summary holds per row and per machine, compared by group:verify. */
const ROW_FIGURES = [
  'games', 'gamesAnnulled', 'cardsSold', 'salesCents', 'voids', 'voidedCents', 'linePrizesCents', 'bingoPrizesCents', 'specialPrizesCents', 'refundsCents',
  'stampDutyCents', ...BUCKET_SUMS,
] as const satisfies readonly (keyof ReportRow)[];
const MACHINE_FIGURES = ['betCents', 'readings', 'playedCents', 'machinePrizesCents', 'guiasCents'] as const satisfies readonly (keyof MachineReturn)[];

/**
 * Where the report made from the kept summaries and the one summed from the entries differ, in words: each row (a
 * session, or a day outside sessions) and machine that one has and the other lacks, and each figure that differs.
 */
export function reportDifferences(kept: GroupReport, fromEntries: GroupReport): string[] {
  const out: string[] = [];
  const rowName = (r: ReportRow) => `${r.hallName}, ${r.date}, ${r.sessionNumber === null ? 'fora das sessões' : `sessão n.º ${r.sessionNumber}`}`;
  const keyOf = (r: ReportRow) => `${r.hallId}|${r.date}|${r.sessionNumber ?? ''}`;
  const a = new Map(kept.rows.map((r) => [keyOf(r), r]));
  const b = new Map(fromEntries.rows.map((r) => [keyOf(r), r]));
  for (const [key, r] of b) {
    const k = a.get(key);
    if (!k) {
      out.push(`${rowName(r)}: nas entradas, não nos resumos`);
      continue;
    }
    for (const f of ROW_FIGURES) if (k[f] !== r[f]) out.push(`${rowName(r)}: ${f} ${k[f]} nos resumos, ${r[f]} nas entradas`);
    if (k.closedAt !== r.closedAt || k.openedAt !== r.openedAt) out.push(`${rowName(r)}: aberta/fechada ${k.openedAt}/${k.closedAt} nos resumos, ${r.openedAt}/${r.closedAt} nas entradas`);
  }
  for (const [key, k] of a) if (!b.has(key)) out.push(`${rowName(k)}: nos resumos, não nas entradas`);
  const machineKey = (m: MachineReturn) => `${m.hallName}|${m.number}`;
  const ma = new Map(kept.machines.map((m) => [machineKey(m), m]));
  const mb = new Map(fromEntries.machines.map((m) => [machineKey(m), m]));
  for (const [key, m] of mb) {
    const k = ma.get(key);
    if (!k) out.push(`${m.hallName}, máquina n.º ${m.number}: nas entradas, não nos resumos`);
    else for (const f of MACHINE_FIGURES) if (k[f] !== m[f]) out.push(`${m.hallName}, máquina n.º ${m.number}: ${f} ${k[f]} nos resumos, ${m[f]} nas entradas`);
  }
  for (const [key, k] of ma) if (!mb.has(key)) out.push(`${k.hallName}, máquina n.º ${k.number}: nos resumos, não nas entradas`);
  return out;
}

// ---- CSV ----

const money = (pick: (r: ReportRow) => number) => (r: ReportRow) => csvCents(pick(r));

/** The report's columns for a pt-PT spreadsheet (core/csv.ts: `;`, decimal comma, BOM). */
export const REPORT_CSV_COLUMNS: readonly CsvColumn<ReportRow>[] = [
  { header: 'Sala', cell: (r) => csvText(r.hallName) },
  { header: 'Sessão', cell: (r) => r.sessionNumber ?? '' },
  { header: 'Data', cell: (r) => r.date },
  { header: 'Jogadas', cell: (r) => r.games },
  { header: 'Jogadas anuladas', cell: (r) => r.gamesAnnulled },
  { header: 'Cartões vendidos', cell: (r) => r.cardsSold },
  { header: 'Vendas (€)', cell: money((r) => r.salesCents) },
  { header: 'Vendas anuladas', cell: (r) => r.voids },
  { header: 'Vendas anuladas (€)', cell: money((r) => r.voidedCents) },
  { header: 'Prémios de linha (€)', cell: money((r) => r.linePrizesCents) },
  { header: 'Prémios de bingo (€)', cell: money((r) => r.bingoPrizesCents) },
  { header: 'Prémio especial (€)', cell: money((r) => r.specialPrizesCents) },
  { header: 'Prémios pagos (€)', cell: money((r) => r.prizesCents) },
  { header: 'Devoluções (€)', cell: money((r) => r.refundsCents) },
  { header: 'Imposto do selo (€)', cell: money((r) => r.stampDutyCents) },
  { header: 'Guias pagas', cell: (r) => r.guiasPaid },
  { header: 'Guias pagas (€)', cell: money((r) => r.guiasPaidCents) },
  { header: 'Guias em numerário (€)', cell: money((r) => r.guiasCashCents) },
  { header: 'Guias em cheque (€)', cell: money((r) => r.guiasChequeCents) },
  { header: 'Guias anuladas', cell: (r) => r.guiasVoided },
  { header: 'Guias anuladas (€)', cell: money((r) => r.guiasVoidedCents) },
  { header: 'Contribuições para jackpots (€)', cell: money((r) => r.fundContributionsCents) },
  { header: 'Transferências de jackpots (€)', cell: money((r) => r.fundTransfersCents) },
  { header: 'Relatórios Z', cell: (r) => r.zReports },
  { header: 'Z: esperado (€)', cell: money((r) => r.zExpectedCents) },
  { header: 'Z: contado (€)', cell: money((r) => r.zCountedCents) },
  { header: 'Z: diferença (€)', cell: money((r) => r.zVarianceCents) },
];
