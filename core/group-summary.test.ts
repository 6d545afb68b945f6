import { describe, expect, it } from 'vitest';
import { emptySums, groupReportOf, reportDifferences, reportPeriod, type BucketFact, type SummaryFacts } from './group-report.js';
import { bucketKey, sessionAt } from './group-summary.js';

const HALL = '00000000-0000-4000-8000-000000000001';
const period = reportPeriod({ from: '2026-11-30', to: '2026-11-30' }, '2026-12-01');
const sessions = [
  { sessionId: 3, openedAt: '2026-11-29T20:00:00.000Z', closedAt: '2026-11-30T01:00:00.000Z' },
  { sessionId: 4, openedAt: '2026-11-30T20:00:00.000Z', closedAt: null },
];

describe("the summaries' session and day of a fact", () => {
  it('puts a time in the session open then, its open and close included; outside every session, none', () => {
    expect(['2026-11-29T20:00:00.000Z', '2026-11-30T01:00:00.000Z', '2026-11-30T01:00:00.001Z', '2026-11-30T19:59:59.999Z', '2026-12-01T03:00:00.000Z'].map((t) => sessionAt(sessions, t))).toEqual([
      3,
      3,
      null,
      null,
      4,
    ]);
  });

  it("keys a bucket by its session and the hall's day on the hall's own clock", () => {
    // 00:30 UTC on 1 December is still 30 November in the Azores.
    expect(bucketKey(sessions, '2026-12-01T00:30:00.000Z', 'Europe/Lisbon')).toBe('4|2026-12-01');
    expect(bucketKey(sessions, '2026-12-01T00:30:00.000Z', 'Atlantic/Azores')).toBe('4|2026-11-30');
    expect(bucketKey([], '2026-11-30T10:00:00.000Z', 'Europe/Lisbon')).toBe('0|2026-11-30');
  });
});

const bucket = (over: Partial<BucketFact>): BucketFact => ({ hallId: HALL, sessionId: null, day: '2026-11-30', ...emptySums(), ...over });
const facts = (buckets: BucketFact[]): SummaryFacts => ({
  halls: [{ hallId: HALL, name: 'Sala Norte' }],
  sessions: [
    {
      hallId: HALL,
      sessionId: 4,
      openedAt: '2026-11-30T20:00:00.000Z',
      closedAt: '2026-12-01T01:00:00.000Z',
      games: 1,
      gamesAnnulled: 0,
      cardsSold: 10,
      salesCents: 1_000,
      stampDutyCents: 250,
      voids: 0,
      voidedCents: 0,
      linePrizesCents: 0,
      bingoPrizesCents: 0,
      specialPrizesCents: 0,
      refundsCents: 0,
    },
  ],
  buckets,
  machines: [],
});

describe('the report from the kept summaries', () => {
  it("adds a bucket to its session's row (past midnight too); one of a session opened before the period to its day's row; drops the rest", () => {
    const r = groupReportOf(
      facts([
        bucket({ sessionId: 4, day: '2026-12-01', zReports: 1, zExpectedCents: 5_000 }),
        bucket({ sessionId: 3, day: '2026-11-30', guiasPaid: 1, guiasPaidCents: 700 }),
        bucket({ sessionId: null, day: '2026-11-30', fundContributionsCents: 250 }),
        bucket({ sessionId: null, day: '2026-12-01', guiasPaid: 9, guiasPaidCents: 9_000 }),
        bucket({ sessionId: 3, day: '2026-11-29', guiasPaid: 5, guiasPaidCents: 5_000 }),
      ]),
      period,
      '2026-12-01T10:00:00.000Z',
      'test',
    );
    expect(r.rows.map((x) => [x.sessionNumber, x.date, x.salesCents, x.guiasPaid, x.guiasPaidCents, x.zReports, x.zExpectedCents, x.fundContributionsCents])).toEqual([
      [4, '2026-11-30', 1_000, 0, 0, 1, 5_000, 0],
      [null, '2026-11-30', 0, 1, 700, 0, 0, 250],
    ]);
  });

  it('names each figure, row and machine where the summaries and the entries differ', () => {
    const kept = groupReportOf(facts([bucket({ sessionId: 4, guiasPaid: 2, guiasPaidCents: 1_400 })]), period, '', '');
    const entries = groupReportOf(facts([bucket({ sessionId: 4, guiasPaid: 1, guiasPaidCents: 700 }), bucket({ day: '2026-11-30', zReports: 1 })]), period, '', '');
    expect(reportDifferences(kept, entries)).toEqual([
      'Sala Norte, 2026-11-30, sessão n.º 4: guiasPaid 2 nos resumos, 1 nas entradas',
      'Sala Norte, 2026-11-30, sessão n.º 4: guiasPaidCents 1400 nos resumos, 700 nas entradas',
      'Sala Norte, 2026-11-30, fora das sessões: nas entradas, não nos resumos',
    ]);
    expect(reportDifferences(kept, kept)).toEqual([]);
  });
});
