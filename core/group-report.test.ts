import { describe, expect, it } from 'vitest';
import { refusalText } from './errors.js';
import { groupReport, REPORT_CSV_COLUMNS, reportFormat, reportPeriod, type ReportFacts, type SessionFact } from './group-report.js';
import { toCsv } from './csv.js';

const HALL = '00000000-0000-4000-8000-000000000001';
const period = reportPeriod({ from: '2026-11-30', to: '2026-11-30' }, '2026-12-01');
/** The program a report says made it (issue 40). */
const SOFTWARE = 'bingo-caixa-kiosk 0.1.0 (e2add13a8618)';

function session(over: Partial<SessionFact> = {}): SessionFact {
  return {
    hallId: HALL,
    sessionId: 3,
    openedAt: '2026-11-30T20:00:00.000Z',
    closedAt: '2026-11-30T23:30:00.000Z',
    games: 2,
    gamesAnnulled: 1,
    cardsSold: 30,
    salesCents: 4_500,
    stampDutyCents: 1_125,
    voids: 1,
    voidedCents: 450,
    linePrizesCents: 225,
    bingoPrizesCents: 2_250,
    specialPrizesCents: 0,
    refundsCents: 600,
    ...over,
  };
}

const facts = (over: Partial<ReportFacts> = {}): ReportFacts => ({
  halls: [{ hallId: HALL, name: 'Sala Norte' }],
  sessions: [session()],
  guias: [],
  zReports: [],
  funds: [],
  meters: [],
  ...over,
});

const refusal = (f: () => unknown) => {
  try {
    f();
  } catch (e) {
    return { code: (e as { code?: string }).code, text: refusalText(e) };
  }
  throw new Error('not refused');
};

describe('the report period and format', () => {
  it('takes hall days, inclusive; --from defaults to the month of --to, --to to today', () => {
    expect(period).toEqual({ fromDay: '2026-11-30', toDay: '2026-11-30', from: '2026-11-30T00:00:00.000Z', to: '2026-12-01T00:00:00.000Z' });
    // Summer time: the hall's day begins at 23:00 UTC the day before.
    expect(reportPeriod({}, '2026-07-14')).toMatchObject({ fromDay: '2026-07-01', toDay: '2026-07-14', from: '2026-06-30T23:00:00.000Z', to: '2026-07-14T23:00:00.000Z' });
  });

  it('refuses a day that is not a date, in words', () => {
    expect(refusal(() => reportPeriod({ from: '2026-02-30' }, '2026-03-01'))).toMatchObject({ code: 'GROUP_REPORT_DAY_INVALID' });
    expect(refusal(() => reportPeriod({ to: '30/11/2026' }, '2026-12-01')).text).toContain('--to deve ser um dia no formato AAAA-MM-DD');
  });

  it('refuses a period that ends before it begins', () => {
    expect(refusal(() => reportPeriod({ from: '2026-12-02', to: '2026-12-01' }, '2026-12-05'))).toMatchObject({ code: 'GROUP_REPORT_PERIOD_INVALID' });
  });

  it('refuses a format other than json, csv or html, and none', () => {
    expect(reportFormat('html')).toBe('html');
    expect(refusal(() => reportFormat('pdf'))).toMatchObject({ code: 'GROUP_REPORT_FORMAT_INVALID' });
    expect(refusal(() => reportFormat(undefined)).text).toContain('--format deve ser json, csv ou html');
  });
});

describe('the report rows', () => {
  it("puts each guia, Z and fund movement in its session's row by its time, the rest in its hall's day outside sessions", () => {
    const r = groupReport(
      facts({
        guias: [
          // Paid in the session: cash and cheque; voided outside it, the next morning (still in the period? no: dropped).
          { hallId: HALL, guiaId: 1, number: 1, machineId: 1, kind: 'hand_pay', amountCents: 5_000, issuedAt: '2026-11-30T21:00:00.000Z', paidAt: '2026-11-30T21:01:00.000Z', cashCents: 1_000, chequeCents: 4_000, voidedAt: null },
          { hallId: HALL, guiaId: 2, number: 2, machineId: 1, kind: 'hand_pay', amountCents: 700, issuedAt: '2026-11-30T10:00:00.000Z', paidAt: '2026-11-30T10:05:00.000Z', cashCents: 700, chequeCents: 0, voidedAt: null },
          { hallId: HALL, guiaId: 3, number: 3, machineId: 1, kind: 'hand_pay', amountCents: 900, issuedAt: '2026-11-30T22:00:00.000Z', paidAt: null, cashCents: 0, chequeCents: 0, voidedAt: '2026-12-01T09:00:00.000Z' },
        ],
        zReports: [{ hallId: HALL, zNumber: 4, closedAt: '2026-11-30T23:00:00.000Z', expectedCents: 10_000, countedCents: 9_990, varianceCents: -10, movements: {} }],
        funds: [{ hallId: HALL, at: '2026-11-30T09:00:00.000Z', kind: 'contribution', amountCents: 250 }],
        meters: [{ hallId: HALL, machineId: 1, number: '7', betCents: 50, betSeq: 4, coinsIn: 1_000, prizesPaid: 700, readings: 2 }],
      }),
      period,
      '2026-12-01T10:00:00.000Z',
      SOFTWARE,
    );
    expect(r.rows.map((x) => [x.sessionNumber, x.date, x.salesCents, x.prizesCents, x.guiasPaid, x.guiasPaidCents, x.guiasCashCents, x.guiasChequeCents, x.guiasVoided, x.zReports, x.zVarianceCents, x.fundContributionsCents])).toEqual([
      [3, '2026-11-30', 4_500, 2_475, 1, 5_000, 1_000, 4_000, 0, 1, -10, 0],
      [null, '2026-11-30', 0, 0, 1, 700, 700, 0, 0, 0, 0, 250],
    ]);
    // 1 000 credits of 0,50 € played, 700 paid by the machine and 57 € of guias: (350 + 57) / 500 = 81,4 %.
    expect(r.machines).toEqual([
      { hallName: 'Sala Norte', number: '7', betCents: 50, readings: 2, playedCents: 50_000, machinePrizesCents: 35_000, guiasCents: 5_700, returnBasisPoints: 8_140, below: false },
    ]);
    expect(r.guiasByMachine).toEqual([{ hallName: 'Sala Norte', number: '7', paidCents: 5_700 }]);
  });

  it("counts a machine's credits at its newest bet (an import after its last edit), and flags a return under 80 %", () => {
    const r = groupReport(
      facts({
        meters: [{ hallId: HALL, machineId: 2, number: '9', betCents: 100, betSeq: 9, coinsIn: 1_000, prizesPaid: 500, readings: 1 }],
      }),
      period,
      '2026-12-01T10:00:00.000Z',
      SOFTWARE,
    );
    expect(r.machines[0]).toMatchObject({ betCents: 100, playedCents: 100_000, machinePrizesCents: 50_000, returnBasisPoints: 5_000, below: true });
  });

  it('writes the CSV with pt-PT headers and decimal commas, a formula-looking hall name kept as text', () => {
    const r = groupReport(facts({ halls: [{ hallId: HALL, name: '=Sala' }] }), period, '2026-12-01T10:00:00.000Z', SOFTWARE);
    const [header, line] = toCsv(REPORT_CSV_COLUMNS, r.rows, 'Europe/Lisbon', { software: r.software, madeAt: r.generatedAt }).replace('\ufeff', '').split('\r\n');
    expect(header!.split(';').slice(0, 7)).toEqual(['Sala', 'Sessão', 'Data', 'Jogadas', 'Jogadas anuladas', 'Cartões vendidos', 'Vendas (€)']);
    expect(line!.split(';').slice(0, 7)).toEqual(["'=Sala", '3', '2026-11-30', '2', '1', '30', '45,00']);
    // The program that made it and when, last on every row (issue 40).
    expect(header!.split(';').slice(-2)).toEqual(['Programa', 'Gerado em']);
    expect(line!.split(';').slice(-2)).toEqual([SOFTWARE, '01/12/2026 10:00:00']);
  });
});
