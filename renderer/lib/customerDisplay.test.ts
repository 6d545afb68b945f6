import { beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/index.js';
import { customerIdleView, customerViewOf, isCustomerMessage, isCustomerView, type CustomerSaleState, type Translate } from './customerDisplay.js';

let t: Translate;
beforeAll(async () => {
  initI18n('pt-PT');
  // The cashier's language is English: the display speaks the hall's all the same (the hook fixes pt-PT).
  await i18n.changeLanguage('en');
  t = (key, options) => i18n.t(key, { ...options, lng: 'pt-PT' });
});

const base: CustomerSaleState = {
  hallName: 'Bingo do Teste',
  game: { number: 12, priceCents: 250 },
  quantity: 1,
  tenderedCents: 0,
  pristine: true,
  last: null,
};
const columns = { quantity: 'Qtd.', item: 'Artigo', unitPrice: 'Preço unit.', amount: 'Valor' };

describe('the customer display view', () => {
  it('is the welcome with the hall\'s name while nothing is typed, with no game, or with no valid quantity', () => {
    const idle = { kind: 'idle', hallName: 'Bingo do Teste', welcome: 'Bem-vindo!' };
    expect(customerViewOf(base, t)).toEqual(idle);
    expect(customerViewOf({ ...base, pristine: false, game: undefined }, t)).toEqual(idle);
    expect(customerViewOf({ ...base, pristine: false, quantity: null, tenderedCents: 1000 }, t)).toEqual(idle);
    expect(customerViewOf({ ...base, hallName: undefined }, t)).toEqual({ ...idle, hallName: '' });
    expect(customerIdleView('Sala Norte', t)).toEqual({ ...idle, hallName: 'Sala Norte' });
  });

  it('shows the cards being sold and the total; with 10 € tendered, the tendered and the change', () => {
    const selling = { ...base, pristine: false, quantity: 3 };
    expect(customerViewOf(selling, t)).toEqual({
      kind: 'sale',
      hallName: 'Bingo do Teste',
      heading: 'A sua compra',
      columns,
      lines: [{ quantity: 3, item: 'Cartões, jogada n.º 12', unitPrice: '2,50 €', amount: '7,50 €' }],
      amounts: [{ key: 'total', label: 'Total', value: '7,50 €' }],
      cards: null,
    });
    expect(customerViewOf({ ...selling, tenderedCents: 1000 }, t)).toMatchObject({
      amounts: [
        { key: 'total', label: 'Total', value: '7,50 €' },
        { key: 'tendered', label: 'Entregue', value: '10,00 €' },
        { key: 'change', label: 'Troco', value: '2,50 €' },
      ],
    });
    // Exactly the total: no change.
    expect(customerViewOf({ ...selling, tenderedCents: 750 }, t)).toMatchObject({ amounts: [{ value: '7,50 €' }, { value: '7,50 €' }, { key: 'change', value: '0,00 €' }] });
  });

  it('says what is still due when the amount tendered is short', () => {
    expect(customerViewOf({ ...base, pristine: false, quantity: 3, tenderedCents: 500 }, t)).toMatchObject({
      amounts: [
        { key: 'total', value: '7,50 €' },
        { key: 'tendered', value: '5,00 €' },
        { key: 'missing', label: 'Falta', value: '2,50 €' },
      ],
    });
  });

  it('groups thousands in pt-PT (1 000,00 €), whatever the cashier\'s language', () => {
    expect(customerViewOf({ ...base, pristine: false, quantity: 400, tenderedCents: 200_000 }, t)).toMatchObject({
      lines: [{ quantity: 400, unitPrice: '2,50 €', amount: '1 000,00 €' }],
      amounts: [{ value: '1 000,00 €' }, { value: '2 000,00 €' }, { key: 'change', value: '1 000,00 €' }],
    });
  });

  it('after the sale: the cards sold, one range a line, with the total, the tendered and the change, until the next sale is begun', () => {
    const last = {
      gameNumber: 12,
      quantity: 4,
      totalCents: 1000,
      tenderedCents: 2000,
      changeCents: 1000,
      ranges: [
        { seriesCode: 'A', from: 298, to: 300 },
        { seriesCode: 'B', from: 1, to: 1 },
      ],
    };
    expect(customerViewOf({ ...base, last }, t)).toEqual({
      kind: 'sold',
      hallName: 'Bingo do Teste',
      heading: 'Obrigado! Boa sorte.',
      columns,
      lines: [{ quantity: 4, item: 'Cartões, jogada n.º 12', unitPrice: '2,50 €', amount: '10,00 €' }],
      amounts: [
        { key: 'total', label: 'Total', value: '10,00 €' },
        { key: 'tendered', label: 'Entregue', value: '20,00 €' },
        { key: 'change', label: 'Troco', value: '10,00 €' },
      ],
      cards: { label: 'Os seus cartões', ranges: ['A 298\u2013300', 'B 1'] },
    });
    // A key pressed for the next customer: the next sale, the last one gone from the screen.
    expect(customerViewOf({ ...base, last, pristine: false, quantity: 2 }, t)).toMatchObject({ kind: 'sale', lines: [{ quantity: 2, amount: '5,00 €' }], cards: null });
  });

  it('carries nothing but the sale: no operator, drawer or other sale in any view', () => {
    const keys = (v: object): string[] => Object.entries(v).flatMap(([k, x]) => [k, ...(typeof x === 'object' && x !== null ? keys(x as object) : [])]);
    const views = [
      customerViewOf(base, t),
      customerViewOf({ ...base, pristine: false, quantity: 3, tenderedCents: 1000 }, t),
      customerViewOf({ ...base, last: { gameNumber: 1, quantity: 1, totalCents: 250, tenderedCents: 250, changeCents: 0, ranges: [{ seriesCode: 'A', from: 1, to: 1 }] } }, t),
    ];
    for (const v of views) expect(keys(v).filter((k) => /cashier|operator|drawer|terminal|user|sales/i.test(k))).toEqual([]);
  });

  it('the display takes only well-formed messages', () => {
    const view = customerViewOf({ ...base, pristine: false, quantity: 3, tenderedCents: 1000 }, t);
    expect(isCustomerMessage({ type: 'view', view })).toBe(true);
    expect(isCustomerMessage({ type: 'hello' })).toBe(true);
    expect(isCustomerMessage({ type: 'view', view: customerIdleView('Sala', t) })).toBe(true);
    expect(isCustomerMessage({ type: 'view', view: { ...view, amounts: [{ key: 'drawer', label: 'Gaveta', value: '1 €' }] } })).toBe(false);
    expect(isCustomerMessage({ type: 'view', view: { ...view, lines: [{ quantity: '3', item: 'x', unitPrice: '1', amount: '3' }] } })).toBe(false);
    expect(isCustomerMessage({ type: 'view', view: { kind: 'idle', hallName: 3, welcome: 'x' } })).toBe(false);
    expect(isCustomerMessage({ type: 'other' })).toBe(false);
    expect(isCustomerMessage(null)).toBe(false);
    expect(isCustomerView({ ...view, cards: { label: 'x', ranges: [1] } })).toBe(false);
  });
});
