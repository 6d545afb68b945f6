/**
 * The closed drawer's «Fora da gaveta» on screen (Lei n.º 83/2017, art. 76.º,
 * n.º 3 and 4): the card slips and cheques to hand over with the Z, each line
 * there is one of, in both languages; nothing when there is none.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../../i18n/index.js';
import { OutsideDrawer } from './ClosedDrawer.js';

beforeAll(() => {
  initI18n('pt-PT');
});
afterAll(async () => {
  await i18n.changeLanguage('pt-PT');
});

const text = (html: string) => html.replace(/<[^>]+>/g, '|').split('|').map((s) => s.trim()).filter(Boolean);

describe("the closed drawer's «Fora da gaveta»", () => {
  it('lists the guias paid by cheque and the chip cheques to hand over, in pt-PT and in English', async () => {
    const outside = { chipsByCardCents: 0, chipsByChequeCents: 0, chipChequesPaidCents: 30_000, guiaChequesPaidCents: 50_000 };
    await i18n.changeLanguage('pt-PT');
    expect(text(renderToStaticMarkup(<OutsideDrawer outside={outside} />))).toEqual(['Fora da gaveta (entregar com o Z)', 'Fichas pagas em cheque', '300,00 €', 'Guias pagas em cheque', '500,00 €']);
    await i18n.changeLanguage('en');
    expect(text(renderToStaticMarkup(<OutsideDrawer outside={outside} />))).toEqual(['Outside the drawer (hand over with the Z)', 'Chips paid by cheque', '300,00 €', 'Guias paid by cheque', '500,00 €']);
  });

  it('says nothing on a Z with nothing outside the drawer, or none said', () => {
    expect(renderToStaticMarkup(<OutsideDrawer outside={undefined} />)).toBe('');
    expect(renderToStaticMarkup(<OutsideDrawer outside={{ chipsByCardCents: 0, chipsByChequeCents: 0, chipChequesPaidCents: 0 }} />)).toBe('');
  });
});
