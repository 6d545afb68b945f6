import { describe, expect, it } from 'vitest';
import { longActa, sampleActa } from '../../test/fixtures/acta.js';
import { SOFTWARE } from '../../test/fixtures/documents.js';
import { renderSessionReportPdf, sessionReportFromActa } from './sessionReport.js';
import { pdfFonts, pdfInfo, pdfPages } from '../../test/pdf.js';

describe('sessionReportFromActa', () => {
  it('totals the games that count; an annulled game counts only its prizes paid and refunds', () => {
    const acta = sampleActa();
    const before = structuredClone(acta);
    const report = sessionReportFromActa(acta);
    expect(acta).toEqual(before);
    expect(report.games.map((g) => [g.number, g.annulled, g.collectedCents, g.prizesAwardedCents, g.prizesPaidCents, g.stampDutyCents, g.refundedCents, g.netCents])).toEqual([
      [1, false, 200_000, 130_000, 130_000, 1_250, 0, 68_750],
      [2, true, 45_000, 0, 0, 0, 30_000, 0],
    ]);
    expect(report.summary).toEqual({
      games: 2,
      gamesAnnulled: 1,
      cardsSold: 800,
      collectedCents: 200_000,
      lineAwardedCents: 20_000,
      bingoAwardedCents: 110_000,
      specialAwardedCents: 0,
      prizesAwardedCents: 130_000,
      prizesPaidCents: 130_000,
      prizesOwedCents: 0,
      earlierPrizesPaidCents: 0,
      stampDutyCents: 1_250,
      annulledSalesCents: 45_000,
      refundedCents: 30_000,
      refundsPendingCents: 15_000,
      netCents: 68_750,
    });
    // The same figures as the acta's own totals.
    expect(report.summary).toMatchObject({
      cardsSold: acta.totals.cardsSold,
      collectedCents: acta.totals.totalCents,
      prizesPaidCents: acta.totals.prizesPaidCents,
      stampDutyCents: acta.totals.stampDutyCents,
      refundedCents: acta.totals.refundedCents,
    });
  });

  it('keeps prizes already paid in an annulled game as a loss of that game', () => {
    const acta = sampleActa();
    acta.games[1]!.lineAwardedCents = 5_000;
    acta.games[1]!.linePaidCents = 5_000;
    const report = sessionReportFromActa(acta);
    expect(report.games[1]!.netCents).toBe(-5_000);
    expect(report.summary.prizesPaidCents).toBe(135_000);
    expect(report.summary.netCents).toBe(200_000 - 135_000 - 1_250);
  });

  it('counts a prize won and not paid by the close in the balance, and an earlier session\'s paid apart (art. 17.3)', () => {
    const acta = sampleActa();
    // Game 1's bingo (1 100,00 €) owed at the close; an earlier session's line of 0,25 € paid in this one.
    acta.games[0]!.bingoPaidCents = 0;
    acta.totals = { ...acta.totals, prizesPaidCents: 20_000, prizesOwedCents: 110_000, earlierPrizesPaidCents: 25 };
    const report = sessionReportFromActa(acta);
    expect(report.games[0]).toMatchObject({ prizesAwardedCents: 130_000, prizesPaidCents: 20_000, prizesOwedCents: 110_000, netCents: 68_750 });
    // 2 000,00 − 1 300,00 awarded − 12,50 stamp duty = 687,50 €, as if paid: the earlier session's 0,25 € is not this session's.
    expect(report.summary).toMatchObject({ prizesAwardedCents: 130_000, prizesPaidCents: 20_000, prizesOwedCents: 110_000, earlierPrizesPaidCents: 25, netCents: 68_750 });
  });
});

describe('renderSessionReportPdf', () => {
  it('prints the per game rows and the summary with exact amounts and accents', async () => {
    const pdf = await renderSessionReportPdf(sessionReportFromActa(sampleActa()), { generatedAt: '2025-07-15T00:50:00.000Z', software: SOFTWARE });
    const pages = pdfPages(pdf);
    expect(pages).toHaveLength(1);
    const lines = pages[0]!;
    expect(lines[0]).toBe('Bingo São João Emitido em 15/07/2025 01:50');
    expect(lines).toContain('Relatório da sessão n.º 3');
    expect(lines).toContain('Abertura: 14/07/2025 13:55');
    expect(lines).toContain('1 Terminada 800 2 000,00 € 1 300,00 € 1 300,00 € 12,50 € 0,00 € 687,50 €');
    expect(lines).toContain('2 Anulada (última jogada): 150 450,00 € 0,00 € 0,00 € 0,00 € 300,00 € 0,00 €');
    expect(lines).toContain('Totais 800 2 000,00 € 1 300,00 € 1 300,00 € 12,50 € 300,00 € 687,50 €');
    const summary = lines.slice(lines.indexOf('Resumo da sessão') + 1);
    expect(summary.slice(0, 16)).toEqual([
      'Rubrica Valor',
      'Jogadas 2 (1 anulada)',
      'Cartões vendidos 800',
      'Total recolhido 2 000,00 €',
      'Prémios atribuídos: linha 200,00 €',
      'Prémios atribuídos: bingo 1 100,00 €',
      'Prémios atribuídos: prémio especial 0,00 €',
      'Prémios atribuídos: total 1 300,00 €',
      'Prémios pagos até ao encerramento 1 300,00 €',
      'Prémios por pagar no encerramento 0,00 €',
      'Prémios de sessões anteriores pagos nesta sessão 0,00 €',
      'Imposto do selo 12,50 €',
      'Vendas de jogadas anuladas 450,00 €',
      'Devoluções pagas 300,00 €',
      'Devoluções por pagar 150,00 €',
      'Saldo (recolhido − prémios atribuídos − imposto do selo) 687,50 €',
    ]);
    expect(lines).toContain('O chefe de sala');
    expect(lines.slice(-2)).toEqual([
      'Bingo São João · Relatório da sessão n.º 3 · Acta da sessão n.º 3 Página 1 de 1',
      'Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618) · gerado em 15/07/2025 01:50',
    ]);
    expect(pdfInfo(pdf)).toMatchObject({ 'Page size': '595.28 x 841.89 pts (A4)', CreationDate: '2025-07-15T00:50:00Z' });
    for (const f of pdfFonts(pdf)) expect(f).toMatchObject({ embedded: true, unicode: true, name: expect.stringMatching(/\+DejaVuSans/) });
  });

  it('numbers every page of a long session', async () => {
    const pages = pdfPages(await renderSessionReportPdf(sessionReportFromActa(longActa(120)), { software: SOFTWARE }));
    expect(pages.length).toBeGreaterThan(1);
    pages.forEach((lines, i) => {
      expect(lines.at(-2)).toMatch(new RegExp(` Página ${i + 1} de ${pages.length}$`));
      if (lines.some((l) => /^\d+ Terminada/.test(l))) expect(lines).toContain('N.º Estado Cartões Recolhido Prémios Prémios Imposto do Devolvido Saldo');
    });
    expect(pages.flat().filter((l) => /^\d+ Terminada/.test(l))).toHaveLength(120);
  });
});
