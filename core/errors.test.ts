import { describe, it, expect } from 'vitest';
import { bingoErrors } from './bingo/errors.js';
import { sellerErrors } from './bingo/seller-errors.js';
import { stockErrors } from './bingo/stock-errors.js';
import { caixaErrors } from './caixa/errors.js';
import { complianceErrors } from './compliance/errors.js';
import { backupsErrors, dayCloseErrors, drawersErrors } from './drawers/errors.js';
import { ERROR_CODES, errorMessage, KioskError, refusalText, type ErrorCode } from './errors.js';
import { peopleErrors } from './people/errors.js';
import { printingErrors } from './printing/errors.js';
import { reasonsErrors } from './reasons/errors.js';
import { chipErrors, rouletteErrors, rouletteTableErrors } from './roulette/errors.js';
import { storageErrors } from './storage/errors.js';
import { terminalsErrors } from './terminals/errors.js';
import { postErrors } from './terminals/post-errors.js';
import { journalErrors } from './journal/errors.js';
import { transparencyErrors } from './transparency/errors.js';

/** Every placeholder a message may use, filled with a visible marker. */
const anyParams = new Proxy({} as Record<string, string | number>, {
  get: (_target, key) => (typeof key === 'string' ? `<${key}>` : undefined),
});

describe('error catalogue', () => {
  it('has stable upper-snake-case codes, each once', () => {
    expect(ERROR_CODES.length).toBeGreaterThan(30);
    expect(new Set(ERROR_CODES).size).toBe(ERROR_CODES.length);
    for (const code of ERROR_CODES) expect(code).toMatch(/^[A-Z][A-Z0-9_]*[A-Z0-9]$/);
  });

  it('takes each domain\'s codes once: no domain redefines another\'s (a spread would silently keep the last)', () => {
    const domains = [peopleErrors, bingoErrors, stockErrors, sellerErrors, complianceErrors, drawersErrors, backupsErrors, dayCloseErrors, caixaErrors, rouletteErrors, rouletteTableErrors, chipErrors, printingErrors, reasonsErrors, storageErrors, terminalsErrors, postErrors, journalErrors, transparencyErrors].map((c) => Object.keys(c));
    const all = domains.flat();
    expect(new Set(all).size).toBe(all.length);
    for (const codes of domains) for (const code of codes) expect(ERROR_CODES).toContain(code);
    // The kernel's own: the dispatcher's and the transport's refusals (a body too slow among them), INTERNAL, the cash rule's TENDERED_TOO_LARGE, the pages' two, the Idempotency-Key's four (a key given up among them) and a counter's hall out of reach.
    expect(ERROR_CODES.length).toBe(all.length + 17);
  });

  it.each(ERROR_CODES)('%s has a pt-PT and an English message', (code) => {
    const pt = errorMessage(code, anyParams, 'pt-PT');
    const en = errorMessage(code, anyParams, 'en');
    expect(pt.length).toBeGreaterThan(10);
    expect(en.length).toBeGreaterThan(10);
    expect(pt).not.toBe(en);
    expect(pt).not.toContain('undefined');
    expect(en).not.toContain('undefined');
    // A message is a sentence: it ends with a full stop.
    expect(pt.endsWith('.')).toBe(true);
    expect(en.endsWith('.')).toBe(true);
  });

  it('words a refusal at start for a person in both languages, pt-PT first, and any other error by its message alone', () => {
    const e = new KioskError('DATABASE_EMPTY', { file: '/dados/kiosk.sqlite' });
    expect(refusalText(e)).toBe(`${errorMessage('DATABASE_EMPTY', e.params)}\n${errorMessage('DATABASE_EMPTY', e.params, 'en')}`);
    expect(refusalText(e).split('\n')[1]).toMatch(/^The database \/dados\/kiosk\.sqlite is empty \(0 bytes\)\./);
    expect(refusalText(new Error('porta inválida: x'))).toBe('porta inválida: x');
  });

  it('defaults to pt-PT', () => {
    expect(errorMessage('NO_OPEN_SESSION')).toBe('Não há sessão aberta: o gerente deve abrir a sessão.');
    expect(errorMessage('NO_OPEN_SESSION', {}, 'en')).toBe('No session is open: a manager must open the session.');
  });

  it('fills the parameters in', () => {
    expect(errorMessage('NOT_ENOUGH_CARDS', { available: 3, requested: 4, cap: 6 })).toBe(
      'Só restam 3 cartões nesta jogada e foram pedidos 4. A segunda série só pode ser vendida até ao n.º 6 (art. 12.º, n.º 3).',
    );
    expect(errorMessage('QUANTITY_OUT_OF_RANGE', { max: 100 })).toBe(
      'A quantidade tem de ser um número inteiro de 1 a 100 cartões por venda.',
    );
    expect(errorMessage('TENDERED_INSUFFICIENT', { tenderedCents: 200, totalCents: 300 })).toBe(
      'Valor entregue insuficiente: 2,00 € para um total de 3,00 €.',
    );
    expect(errorMessage('TENDERED_INSUFFICIENT', { tenderedCents: 200, totalCents: 300 }, 'en')).toBe('Amount tendered is not enough: €2.00 for a total of €3.00.');
  });

  it('formats amounts (cents) and instants (ISO) per language', () => {
    expect(errorMessage('TENDERED_TOO_LARGE', { tenderedCents: 100_500, totalCents: 300, maxCents: 50_300 })).toBe(
      'Valor entregue improvável: 1 005,00 € para pagar 3,00 €. Entregue no máximo o total mais uma nota de 500 € (503,00 €); corrija o valor.',
    );
    expect(errorMessage('TENDERED_TOO_LARGE', { tenderedCents: 100_500, totalCents: 300, maxCents: 50_300 }, 'en')).toBe(
      'Unlikely amount tendered: €1,005.00 to pay €3.00. At most the total plus one €500 note (€503.00); correct the amount.',
    );
    // 21:05 in Lisbon in summer is 20:05 UTC.
    expect(errorMessage('SESSION_CLOSED', { sessionId: 4, closedAt: '2025-07-01T20:05:00.000Z' })).toBe(
      'A sessão n.º 4 já foi encerrada às 21:05: nada dela pode ser alterado (art. 17.º, n.º 3).',
    );
    expect(errorMessage('SESSION_CLOSED', { sessionId: 4, closedAt: '2025-07-01T20:05:00.000Z' }, 'en')).toBe('Session no. 4 was closed at 21:05: nothing of it can change (art. 17(3)).');
  });

  it('words codes per language, never a pt-PT word in English', () => {
    expect(errorMessage('GUIA_NOT_FOUND', { guiaId: 7 })).toBe('A guia n.º interno 7 não existe.');
    expect(errorMessage('GUIA_NOT_FOUND', { guiaId: 7 }, 'en')).toBe('Guia with internal no. 7 does not exist.');
    expect(errorMessage('GUIA_NOT_FOUND', { query: 'G-12' })).toBe('A guia «G-12» não existe.');
    expect(errorMessage('GUIA_NOT_FOUND', { query: 'G-12' }, 'en')).toBe('Guia "G-12" does not exist.');
    expect(errorMessage('PRINTER_ADDRESS_INVALID', { transport: 'tcp' })).toBe('Endereço da impressora em falta: indique o endereço e a porta (TCP, normalmente 9100).');
    expect(errorMessage('PRINTER_ADDRESS_INVALID', { transport: 'device' }, 'en')).toBe('Printer address missing: give the device (for example /dev/usb/lp0).');
    expect(errorMessage('MANUAL_DRAW_NOT_ALLOWED', { number: 1, state: 'sale_closed' }, 'en')).toBe(
      'A manual draw (art. 16(2)) is for a failure after balls were drawn: game no. 1 is closed for sale.',
    );
    expect(errorMessage('ANNUL_REASON_MISMATCH', { reason: 'failure_during_draw', problem: 'draw_goes_on_by_hand' })).toBe(
      'Motivo de anulação inadequado: já saíram bolas: continue a extração à mão (art. 16.º, n.º 2); se não for possível, suspenda a jogada e só passados 15 minutos a anule.',
    );
    expect(errorMessage('ANNUL_REASON_MISMATCH', { reason: 'announcement_error', problem: 'no_ball_drawn' }, 'en')).toBe(
      'Annulment reason does not fit: no ball was drawn yet: suspend the game and after 15 minutes annul it under art. 16(1).',
    );
    expect(errorMessage('SESSION_GAMES_UNFINISHED', { games: '2, 3' }, 'en')).toBe('The session cannot be closed: game(s) no. 2, no. 3 are neither finished nor annulled.');
    expect(errorMessage('METER_BACKWARDS', { number: '7', counter: 'coinsCollected', previous: 5, value: 4 }, 'en')).toBe(
      "Machine no. 7's coins collected meter went down (5 → 4): record the reading as a rollover or a reset (no. 9).",
    );
  });

  it('shows a parameter that is no amount or no instant as given, never throwing', () => {
    expect(errorMessage('DRAWER_COUNT_RECORDED', { at: 'x', countedCents: 'x' })).toContain('(x)');
    expect(errorMessage('USER_LOCKED', { until: 'soon' }, 'en')).toContain('from soon.');
  });
});

describe('refusals by art. 12 cite the article', () => {
  const paragraph4: ErrorCode[] = ['PAYMENT_METHOD_NOT_ALLOWED', 'CHIPS_NOT_ALLOWED'];
  const paragraph3: ErrorCode[] = [
    'SECOND_SERIES_SAME_AS_FIRST',
    'SECOND_SERIES_PRICE_MISMATCH',
    'SECOND_SERIES_NOT_FRESH',
    'SECOND_SERIES_NOT_ALLOWED',
    'NOT_ENOUGH_CARDS',
  ];

  it.each(paragraph4)('%s cites art. 12.º, n.º 4 (cash only)', (code) => {
    expect(errorMessage(code, { method: 'cheque' })).toContain('art. 12.º, n.º 4');
    expect(errorMessage(code, { method: 'cheque' }, 'en')).toContain('art. 12(4)');
  });

  it.each(paragraph3)('%s cites art. 12.º, n.º 3 (second series)', (code) => {
    expect(errorMessage(code, anyParams)).toContain('art. 12.º, n.º 3');
    expect(errorMessage(code, anyParams, 'en')).toContain('art. 12(3)');
  });

  it('names the payment method refused and the regulation', () => {
    expect(errorMessage('PAYMENT_METHOD_NOT_ALLOWED', { method: 'card' })).toBe(
      'Pagamento recusado (card): os cartões de bingo só podem ser pagos em numerário; cheques, cartões e crédito não são aceites (art. 12.º, n.º 4, do Despacho Normativo 80/85).',
    );
  });

  it('chips cite the authorisation article too', () => {
    expect(errorMessage('CHIPS_NOT_ALLOWED')).toContain('art. 19.º');
  });
});

describe('KioskError', () => {
  it('carries the code, the parameters, the details and the pt-PT message', () => {
    const e = new KioskError('SERIES_EXHAUSTED', { code: 'A', size: 300 }, { seriesCode: 'A' });
    expect(e).toBeInstanceOf(Error);
    expect(e.name).toBe('KioskError');
    expect(e.code).toBe('SERIES_EXHAUSTED');
    expect(e.params).toEqual({ code: 'A', size: 300 });
    expect(e.details).toEqual({ seriesCode: 'A' });
    expect(e.message).toBe('A série A está esgotada (vendida até ao n.º 300).');
  });

  it('has empty parameters and no details by default', () => {
    const e = new KioskError('NO_OPEN_SESSION');
    expect(e.params).toEqual({});
    expect(e.details).toBeUndefined();
  });
});
