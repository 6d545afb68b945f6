import { describe, expect, it } from 'vitest';
import { escapeHtml, groupedBarsSvg, horizontalBarsSvg, niceMax, reportHtml, salesByHallDay } from './group-report-html.js';
import type { GroupReport, ReportRow } from './group-report.js';

const row = (hallName: string, date: string, salesCents: number): ReportRow =>
  ({ hallId: hallName, hallName, sessionNumber: 1, date, salesCents, games: 1, gamesAnnulled: 0, cardsSold: 1, voids: 0, voidedCents: 0, prizesCents: 0, specialPrizesCents: 0, refundsCents: 0, stampDutyCents: 0, guiasPaid: 0, guiasPaidCents: 0, guiasVoided: 0, fundContributionsCents: 0, zReports: 0, zVarianceCents: 0 }) as ReportRow;

describe('the report charts', () => {
  it('rounds an axis up to 1, 2 or 5 times a power of ten', () => {
    expect([0, 7, 13, 180, 4_999, 10_000].map(niceMax)).toEqual([1, 10, 20, 200, 5_000, 10_000]);
  });

  it('draws one bar per hall and day, scaled to the largest, with a legend; names escaped', () => {
    const chart = salesByHallDay([row('Norte', '2026-11-30', 4_000), row('Sul & <b>', '2026-11-30', 2_000), row('Norte', '2026-12-01', 1_000)]);
    expect(chart.categories).toEqual(['30/11', '01/12']);
    expect(chart.series).toEqual([
      { name: 'Norte', values: [4_000, 1_000] },
      { name: 'Sul & <b>', values: [2_000, 0] },
    ]);
    const svg = groupedBarsSvg(chart);
    expect(svg.match(/<rect [^>]*><title>/g)).toHaveLength(4);
    // The axis tops at 50,00 € (4 000 cents rounded up): the tallest bar is 0.8 of the plot's 260 (its foot at y 290).
    expect(svg).toContain('y="82" width=');
    expect(svg).toContain('Sul &amp; &lt;b&gt;');
    expect(svg).not.toContain('<b>');
  });

  it('draws a return under the minimum in red, with the 80 % line', () => {
    const svg = horizontalBarsSvg({
      title: 'Retorno',
      bars: [
        { label: 'A', value: 9_000, text: '90 %' },
        { label: 'B', value: 7_000, text: '70 %', below: true },
      ],
      max: 10_000,
      reference: { value: 8_000, label: 'mínimo 80 %' },
    });
    expect(svg.match(/fill="#C0392B"/g)).toHaveLength(2);
    expect(svg).toContain('stroke-dasharray');
    expect(horizontalBarsSvg({ title: 'Vazio', bars: [] })).toContain('Sem dados no período.');
    expect(escapeHtml(`"'<>&`)).toBe('&quot;&#39;&lt;&gt;&amp;');
  });

  it('makes one page that fetches nothing', () => {
    const report: GroupReport = { fromDay: '2026-11-01', toDay: '2026-11-30', generatedAt: '2026-12-01T10:00:00.000Z', software: 'bingo-caixa-kiosk 0.1.0 (e2add13a8618)', minimumReturnBasisPoints: 8_000, rows: [row('Norte', '2026-11-30', 100)], machines: [], guiasByMachine: [] };
    const html = reportHtml(report);
    expect(html).toMatch(/^<!doctype html>/);
    expect(html).toContain('lang="pt-PT"');
    expect(html).not.toMatch(/<script|<link|src=|url\(/);
    expect(html.match(/<svg /g)).toHaveLength(3);
    // When it was made and by which program (issue 40).
    expect(html).toContain('gerado em 01/12/2026 10:00 por bingo-caixa-kiosk 0.1.0 (e2add13a8618).');
  });
});
