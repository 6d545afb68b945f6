/**
 * The acta screen's prizes (Despacho Normativo 80/85, art. 17.º, n.º 3), rendered to HTML from the figures of
 * main/services/bingo/prizes-owed.test.ts's second session: a special prize owed at its close, and the line and the
 * bingo of the day before paid in it.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ChannelOutput } from '../../../core/contract.js';
import { textOfTestId } from '../../../test/html.js';
import { i18n, initI18n } from '../../i18n/index.js';
import { ActaPrizes } from './ActaPrizes.js';

type Acta = ChannelOutput<'session.acta'>;

/** The acta's fields the prizes read; the rest of an acta is not looked at. */
function acta(part: Pick<Acta, 'prizesOwed' | 'earlierPrizesPaid'> & { totals: Partial<Acta['totals']>; closedAt?: string }): Acta {
  const totals = { cardsSold: 0, totalCents: 0, prizesAwardedCents: 0, prizesPaidCents: 0, prizesOwedCents: 0, earlierPrizesPaidCents: 0, stampDutyCents: 0, refundedCents: 0, ...part.totals };
  return { closedAt: null, ...part, totals } as unknown as Acta;
}

const secondSession = acta({
  prizesOwed: [{ winnerId: 7, gameNumber: 1, kind: 'special', seriesCode: 'A', card: 20, prizeCents: 5_129 }],
  earlierPrizesPaid: [
    { winnerId: 1, sessionId: 1, gameNumber: 1, kind: 'line', seriesCode: 'A', card: 1, prizeCents: 25 },
    { winnerId: 2, sessionId: 1, gameNumber: 1, kind: 'bingo', seriesCode: 'A', card: 2, prizeCents: 250 },
  ],
  totals: { prizesAwardedCents: 7_494, prizesPaidCents: 2_365, prizesOwedCents: 5_129, earlierPrizesPaidCents: 275 },
  closedAt: '2026-12-02T01:30:00.000Z',
});

/** The text of each element with `testId` (it must be there). */
function textOf(html: string, testId: string): string {
  const text = textOfTestId(html, testId);
  expect(text, testId).not.toBeNull();
  return text!;
}

beforeAll(() => {
  initI18n('pt-PT');
});
afterAll(async () => {
  await i18n.changeLanguage('pt-PT');
});

describe("the acta screen's prizes", () => {
  it('says what was won, paid and owed, lists the prize owed with its game and card, and the earlier ones paid with where they were won', () => {
    const html = renderToStaticMarkup(<ActaPrizes acta={secondSession} />);
    expect(textOf(html, 'acta-prizes-totals')).toBe('Prémios ganhos: 74,94 € · pagos: 23,65 € · por pagar: 51,29 €');
    expect(html).toContain('Prémios por pagar no fecho (DN 80/85, art. 17.º, n.º 3)');
    expect(textOf(html, 'acta-owed-7')).toBe('1|Prémio especial|A 20|51,29 €');
    expect(textOf(html, 'acta-owed-total')).toBe('Por pagar: 51,29 €');
    expect(textOf(html, 'acta-earlier-1')).toBe('sessão n.º 1, jogada n.º 1|Linha|A 1|0,25 €');
    expect(textOf(html, 'acta-earlier-2')).toBe('sessão n.º 1, jogada n.º 1|Bingo|A 2|2,50 €');
    expect(textOf(html, 'acta-earlier-total')).toBe('Pagos nesta sessão: 2,75 €');
  });

  it('says that nothing is owed when every prize was paid, and shows nothing in a session that awarded none', () => {
    const allPaid = acta({ prizesOwed: [], earlierPrizesPaid: [], totals: { prizesAwardedCents: 275, prizesPaidCents: 275 } });
    const html = renderToStaticMarkup(<ActaPrizes acta={allPaid} />);
    expect(textOf(html, 'acta-prizes-totals')).toBe('Prémios ganhos: 2,75 € · pagos: 2,75 € · por pagar: 0,00 €');
    expect(textOf(html, 'acta-owed-none')).toBe('Nenhum prémio ficou por pagar.');
    // The session still open: what is not paid yet is not yet owed at a close.
    expect(html).toContain('Prémios ganhos ainda por pagar (DN 80/85, art. 17.º, n.º 3)');
    expect(html).not.toContain('no fecho');
    expect(html).not.toContain('acta-earlier');
    expect(renderToStaticMarkup(<ActaPrizes acta={acta({ prizesOwed: [], earlierPrizesPaid: [], totals: {} })} />)).toBe('');
  });

  it('in English', async () => {
    await i18n.changeLanguage('en');
    const html = renderToStaticMarkup(<ActaPrizes acta={secondSession} />);
    expect(textOf(html, 'acta-owed-7')).toBe('1|Special prize|A 20|51,29 €');
    expect(textOf(html, 'acta-earlier-1')).toBe('session no. 1, game no. 1|Line|A 1|0,25 €');
    expect(textOf(html, 'acta-owed-total')).toBe('Unpaid: 51,29 €');
  });
});
