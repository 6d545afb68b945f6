import { describe, expect, it } from 'vitest';
import { formatCents } from '../../core/money.js';
import { type Acta, renderActaPdf } from './acta.js';
import { longActa, sampleActa } from '../../test/fixtures/acta.js';
import { SOFTWARE } from '../../test/fixtures/documents.js';
import { pdfFonts, pdfInfo, pdfPages, POPPLER_HINT, runTool, squash } from '../../test/pdf.js';

const GENERATED = '2025-07-15T00:50:00.000Z';
const GAME_HEADER =
  'N.º Hora Séries (ordem, código, Preço do Cartões Total Linha paga Bingo pago Prémio Imposto do Estado / anulação (art. 16.º) Devolvido';

describe('poppler-utils', () => {
  it('is installed; a missing tool fails with the install command', () => {
    expect(() => runTool('pdftotext-not-installed', ['-v'])).toThrow('apt-get install -y poppler-utils');
    expect(POPPLER_HINT).toContain('apt-get install -y poppler-utils');
    expect(runTool('pdftotext', ['-v'])).toBeDefined();
  });
});

describe('renderActaPdf', () => {
  it('prints the header, one exact row per game, totals, prizes with their sub-cent rounding, checks, incidents and signatures', async () => {
    // Game 1's prizes dropped 0,05 and 0,50 of a cent (V x 5 % and V x 50 % floored to the cent).
    const acta = sampleActa();
    acta.games = acta.games.map((g, i) => (i === 0 ? { ...g, roundingHundredths: { line: 5, bingo: 50 } } : g));
    const pages = pdfPages(await renderActaPdf(acta, { generatedAt: GENERATED, software: SOFTWARE }));
    expect(pages).toHaveLength(2);
    expect(pages.map((p) => p.at(-2))).toEqual([
      'Bingo São João · Licença n.º 7/2019 · Acta da sessão n.º 3 Página 1 de 2',
      'Bingo São João · Licença n.º 7/2019 · Acta da sessão n.º 3 Página 2 de 2',
    ]);
    // Under it on every page, the program that made the acta with its version, and when (issue 40).
    expect(pages.map((p) => p.at(-1))).toEqual(Array(2).fill('Programa: bingo-caixa-kiosk 0.1.0 (e2add13a8618) · gerado em 15/07/2025 01:50'));
    const lines = pages.flat();
    const flat = squash(lines.join(' '));

    // The prizes announced at each close of sale and the fraction of a cent each dropped (SPEC 4, art. 15.2).
    const p = lines.indexOf('Prémios anunciados e arredondamentos (art. 15.º, n.º 2)');
    expect(lines.slice(p + 3, p + 6)).toEqual([
      '1 2 000,00 € 200,00 € 0,05 cênt. 1 100,00 € 0,50 cênt.',
      '2 450,00 € 0,00 € 0,00 cênt. 0,00 € 0,00 cênt. Anulada',
      'Os prémios são arredondados por defeito ao cêntimo; a fração não atribuída soma 0,55 cênt. nesta sessão.',
    ]);

    // Header: hall (accents intact), licence, title, times in Lisbon (summer time: UTC+1), the special prize's N.
    expect(lines[0]).toBe('Bingo São João Emitida em 15/07/2025 01:50');
    expect(lines[1]).toBe('Licença n.º 7/2019 Despacho Normativo n.º 80/85, art. 17.º');
    expect(lines).toContain('Acta da sessão n.º 3');
    expect(lines).toContain('Abertura: 14/07/2025 13:55 Encerramento previsto: 15/07/2025 02:00 Encerramento: 15/07/2025 01:47');
    expect(lines).toContain('Prémio especial acumulado: bingo até à 48.ª bola (N = 48)');
    expect(lines).toContain('Fundo do prémio especial iniciado pela sala com 500,00 €, depois de ganho na jogada n.º 7 (14/07/2025 21:31)');
    expect(flat).not.toContain('provisória');

    // The games: header row, one row per game (series one per line), the art. 16 reason, totals.
    const h = lines.indexOf('Jogadas');
    expect(lines.slice(h + 1, h + 4)).toEqual([GAME_HEADER, 'cartões) cartão vendidos recolhido especial selo', 'pago']);
    expect(lines.slice(h + 4, h + 10)).toEqual([
      '1 14:00–14:40 1.ª AB 1–600 2,50 € 800 2 000,00 € 200,00 € 1 100,00 € 0,00 € 12,50 € Terminada 0,00 €',
      '2.ª AC 1–200',
      '2 14:45–15:10 1.ª AD 1–150 3,00 € 150 450,00 € 0,00 € 0,00 € 0,00 € 0,00 € Anulada (última jogada): Avaria antes da 300,00 €',
      'primeira bola, não resolvida em 15 minutos',
      '(art. 16.º, n.º 1)',
      'Totais da sessão 800 2 000,00 € 200,00 € 1 100,00 € 0,00 € 12,50 € 300,00 €',
    ]);
    // Art. 17.3: each prize awarded and paid apart; nothing owed, no earlier session's prize paid.
    const a = lines.indexOf('Prémios atribuídos, pagos e por pagar (art. 17.º, n.º 3)');
    expect(lines.slice(a + 1, a + 6)).toEqual([
      'N.º Linha atribuída Linha paga Bingo atribuído Bingo pago Prémio especial Prémio especial Por pagar no',
      'atribuído pago encerramento',
      '1 200,00 € 200,00 € 1 100,00 € 1 100,00 € 0,00 € 0,00 € 0,00 €',
      'Prémios das jogadas desta sessão (linha, bingo e prémio especial): atribuídos 1 300,00 €; pagos até ao encerramento 1 300,00 €; por pagar 0,00 €.',
      'Nenhum prémio de sessões anteriores foi pago nesta sessão.',
    ]);
    expect(flat).toContain('As jogadas anuladas não entram nos totais de cartões vendidos, valor recolhido e imposto do selo');

    // Checks of art. 5.2 / 11.1, with the time after midnight dated.
    expect(lines).toContain('Verificações (art. 5.º, n.º 2, e 11.º, n.º 1)');
    expect(lines).toContain('13:56 Início: material verificado ana.silva');
    expect(lines).toContain('13:58 Início: todas as bolas passadas pelo mecanismo de extração ana.silva');
    expect(lines).toContain('15/07 01:45 Fim: material verificado rui.costa');

    // The incident book: time, game, author, kind, the whole text with ç ã õ º ª € intact.
    expect(lines).toContain('Livro de incidentes (art. 17.º, n.º 4)');
    expect(lines).toContain('Hora Jogada Autor Tipo Ocorrência');
    const incident = sampleActa().incidents[0]!.text;
    for (const ch of ['ç', 'ã', 'õ', 'º', 'ª', '€']) expect(incident).toContain(ch);
    expect(flat).toContain(`14:20 1 ana.silva incidente ${incident}`);

    // The audit chain's head at the close (issue 12), the whole hash legible.
    expect(flat).toContain('Registo de auditoria no encerramento: n.º 1843, cadeia 3f9a0c7be2d14e6f8a5b9c0d1e2f3a4b5c6d7e8f9a0b1c2d3e4f5a6b7c8d9e0f.');
    expect(lines).toContain(
      '15:10 2 rui.costa anulação Jogada n.º 2 anulada: avaria antes da primeira bola, não resolvida em 15 minutos (art. 16.º, n.º 1).',
    );
    expect(lines).toContain('15/07 00:30 — rui.costa jogo de bolas Novo jogo de bolas registado: JB-2025-08.');

    expect(lines).toContain('O chefe de sala O adjunto');
    expect(flat).toContain('12,50 €');
  });

  it('lists each prize owed at the close with its card and game, and an earlier session\'s prize paid naming where it was won (art. 17.3)', async () => {
    const acta = sampleActa();
    // Game 1 also won a special prize of 51,29 €, not paid by the close; an earlier session's line (session 2, game 4) was paid in this one.
    acta.games[0] = { ...acta.games[0]!, specialAwardedCents: 5_129 };
    acta.prizesOwed = [{ winnerId: 9, gameNumber: 1, kind: 'special', seriesCode: 'AB', card: 417, prizeCents: 5_129 }];
    acta.earlierPrizesPaid = [{ winnerId: 3, sessionId: 2, gameNumber: 4, kind: 'line', seriesCode: 'Z', card: 12, prizeCents: 25 }];
    acta.totals = { ...acta.totals, prizesAwardedCents: 135_129, prizesOwedCents: 5_129, earlierPrizesPaidCents: 25 };
    const lines = pdfPages(await renderActaPdf(acta, { generatedAt: GENERATED, software: SOFTWARE })).flat();
    const a = lines.indexOf('Prémios atribuídos, pagos e por pagar (art. 17.º, n.º 3)');
    expect(lines.slice(a + 3, a + 12)).toEqual([
      '1 200,00 € 200,00 € 1 100,00 € 1 100,00 € 51,29 € 0,00 € 51,29 €',
      'Prémios das jogadas desta sessão (linha, bingo e prémio especial): atribuídos 1 351,29 €; pagos até ao encerramento 1 300,00 €; por pagar 51,29 €.',
      'Prémios por pagar no encerramento',
      'Jogada Prémio Série Cartão Valor',
      '1 Prémio especial AB 417 51,29 €',
      'Prémios de sessões anteriores pagos nesta sessão',
      'Ganho na sessão Jogada Prémio Série Cartão Valor',
      'n.º 2 4 Linha Z 12 0,25 €',
      'Prémios de sessões anteriores pagos nesta sessão: 0,25 €.',
    ]);
  });

  it('embeds DejaVu and nothing else (no standard 14 fonts)', async () => {
    const fonts = pdfFonts(await renderActaPdf(sampleActa(), { software: SOFTWARE }));
    expect(fonts.length).toBeGreaterThan(0);
    for (const f of fonts) {
      expect(f.name).toMatch(/^[A-Z]{6}\+DejaVuSans/);
      expect(f).toMatchObject({ embedded: true, unicode: true });
    }
    expect(fonts.map((f) => f.name.split('+')[1]).sort()).toEqual([
      'DejaVuSans',
      'DejaVuSans-Bold',
      'DejaVuSansCondensed',
      'DejaVuSansCondensed-Bold',
    ]);
  });

  it('is deterministic: the same acta gives the same bytes, dated by generatedAt or the opening', async () => {
    const a = await renderActaPdf(sampleActa(), { generatedAt: GENERATED, software: SOFTWARE });
    const b = await renderActaPdf(sampleActa(), { generatedAt: GENERATED, software: SOFTWARE });
    expect(a.equals(b)).toBe(true);
    expect(a.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(pdfInfo(a)).toMatchObject({
      Title: 'Acta da sessão n.º 3 — Bingo São João',
      Author: 'Bingo São João',
      CreationDate: '2025-07-15T00:50:00Z',
      Pages: '2',
      'Page size': '841.89 x 595.28 pts (A4)',
    });
    const undated = await renderActaPdf(sampleActa(), { software: SOFTWARE });
    expect(pdfInfo(undated).CreationDate).toBe('2025-07-14T12:55:00Z');
    expect(squash(pdfPages(undated)[0]!.join(' '))).not.toContain('Emitida em');
  });

  it('spreads 60 games over several pages: header row repeated, rows whole, "Página i de n" on every page', async () => {
    const acta = longActa(60);
    const pages = pdfPages(await renderActaPdf(acta, { software: SOFTWARE }));
    const n = pages.length;
    expect(n).toBeGreaterThanOrEqual(3);
    pages.forEach((lines, i) => {
      // The footer is the last thing on every page: nothing was drawn under it (without a time made, the program alone).
      expect(lines.slice(-2)).toEqual([`Bingo Estrela d’Ouro · Licença: não registada · Acta da sessão n.º 41 (provisória) Página ${i + 1} de ${n}`, `Programa: ${SOFTWARE}`]);
      expect(lines.filter((l) => l.includes('Página '))).toHaveLength(1);
    });
    // Times in Lisbon in winter (UTC+0); an open session's acta says it is provisional.
    expect(pages[0]).toContain('Abertura: 10/01/2025 13:50 Encerramento previsto: 11/01/2025 02:00 Encerramento: —');
    expect(pages[0]).toContain('Acta provisória: a sessão ainda não foi encerrada');

    let seen = 0;
    pages.forEach((lines, i) => {
      const rows = lines.filter((l) => /^\d+ \d\d:\d\d–\d\d:\d\d /.test(l));
      if (rows.length) expect(lines, `page ${i + 1}`).toContain(GAME_HEADER);
      for (const row of rows) {
        seen++;
        const g = acta.games[seen - 1]!;
        const state = g.isLast ? 'Terminada (última jogada)' : 'Terminada';
        const amounts = [g.totalCents, g.linePaidCents, g.bingoPaidCents, 0, g.stampDutyCents].map((c) => formatCents(c)).join(' ');
        const hours = row.split(' ')[1];
        expect(hours).toMatch(/^\d\d:\d\d–\d\d:\d\d$/);
        const s = g.series[0]!;
        expect(row).toBe(`${g.number} ${hours} 1.ª B ${s.from}–${s.to} 2,00 € ${g.cardsSold} ${amounts} ${state} 0,00 €`);
      }
    });
    expect(seen).toBe(60);
    const last = pages.flat();
    expect(last).toContain(
      `Totais da sessão ${acta.totals.cardsSold} ${formatCents(acta.totals.totalCents)} ${formatCents(
        acta.games.reduce((s, g) => s + g.linePaidCents, 0),
      )} ${formatCents(acta.games.reduce((s, g) => s + g.bingoPaidCents, 0))} 0,00 € ${formatCents(acta.totals.stampDutyCents)} 0,00 €`,
    );
    expect(formatCents(acta.totals.totalCents)).toBe('15 660,00 €');
  });

  it('breaks a long incident book cleanly, repeating its header row, splitting a row taller than a page', async () => {
    const acta: Acta = {
      ...sampleActa(),
      incidents: Array.from({ length: 12 }, (_, i) => ({
        id: i + 1,
        at: '2025-07-14T15:00:00.000Z',
        gameNumber: 1,
        author: 'ana.silva',
        kind: 'manual',
        // Up to 2000 characters (incident.add's limit); with a row taller than a page.
        text: `Ocorrência ${i + 1}: ` + (i === 6 ? 'reclamação ç ã õ º ª € '.repeat(300) : 'reclamação ç ã õ º ª € '.repeat(80)),
      })),
    };
    const pages = pdfPages(await renderActaPdf(acta, { software: SOFTWARE }));
    const n = pages.length;
    expect(n).toBeGreaterThan(2);
    const first = pages.findIndex((p) => p.includes('Livro de incidentes (art. 17.º, n.º 4)'));
    pages.forEach((lines, i) => {
      expect(lines.at(-2)).toMatch(new RegExp(`Página ${i + 1} de ${n}$`));
      if (i >= first && lines.some((l) => l.includes('reclamação'))) expect(lines, `page ${i + 1}`).toContain('Hora Jogada Autor Tipo Ocorrência');
    });
    const flat = squash(pages.flat().join(' '));
    for (let i = 1; i <= 12; i++) expect(flat).toContain(`Ocorrência ${i}: reclamação`);
    expect(flat).toContain('O chefe de sala O adjunto');
  });

  it('prints an empty session without failing', async () => {
    const acta: Acta = {
      ...longActa(0),
      checks: [],
      incidents: [],
    };
    const pages = pdfPages(await renderActaPdf(acta, { software: SOFTWARE }));
    expect(pages).toHaveLength(1);
    const lines = pages[0]!;
    expect(lines).toContain('Não houve jogadas nesta sessão.');
    expect(lines).toContain('Totais da sessão 0 0,00 € 0,00 € 0,00 € 0,00 € 0,00 € 0,00 €');
    expect(lines).toContain('Sem verificações registadas.');
    expect(lines).toContain('Sem entradas nesta sessão.');
    expect(lines.at(-2)).toMatch(/Página 1 de 1$/);
  });
});
