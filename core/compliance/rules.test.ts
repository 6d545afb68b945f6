import { describe, expect, it } from 'vitest';
import '../errors.js';
import { KioskError } from '../refusal.js';
import {
  actAlwaysIdentified,
  checkAdult,
  checkChequePayee,
  checkChipChequeCap,
  checkIdentification,
  checkErasureCut,
  documentIdentity,
  erasureCutOf,
  gamingDayOf,
  reachesThreshold,
  type IdentificationCase,
} from './rules.js';

const refusal = (f: () => void): { code: string; message: string } => {
  try {
    f();
  } catch (e) {
    if (e instanceof KioskError) return { code: e.code, message: e.message };
    throw e;
  }
  throw new Error('not refused');
};

const base: IdentificationCase = { act: 'guia_payment', cents: 0, priorCents: 0, thresholdCents: 200_000, moment: 'prize', person: null };
const verified = { personId: 3, verified: true, erased: false };

describe('the threshold (Lei 83/2017; 2 000 € a gaming day)', () => {
  it('below it nothing is asked; at it, alone or added up across payments, the person is', () => {
    expect(reachesThreshold(0, 199_999, 200_000)).toBe(false);
    expect(reachesThreshold(0, 200_000, 200_000)).toBe(true);
    expect(reachesThreshold(150_000, 49_999, 200_000)).toBe(false);
    expect(reachesThreshold(150_000, 50_000, 200_000)).toBe(true);
    expect(() => checkIdentification({ ...base, cents: 199_999 })).not.toThrow();
    expect(refusal(() => checkIdentification({ ...base, cents: 200_000 }))).toEqual({
      code: 'IDENTIFICATION_REQUIRED',
      message:
        'Identificação obrigatória: com o pagamento desta guia (2 000,00 €) o jogador chega a 2 000,00 € no dia de jogo, o limiar é 2 000,00 € (Lei n.º 83/2017, art. 76.º). Registe a identificação (nome, documento verificado) e repita; nada foi feito.',
    });
    // Three payments of one day: 800 + 700 + 500 reach it at the third.
    expect(() => checkIdentification({ ...base, cents: 70_000, priorCents: 80_000 })).not.toThrow();
    expect(refusal(() => checkIdentification({ ...base, act: 'chip_redemption', cents: 50_000, priorCents: 150_000 })).message).toContain(
      'com este pagamento de fichas (500,00 €) o jogador chega a 2 000,00 €',
    );
    expect(() => checkIdentification({ ...base, cents: 50_000, priorCents: 150_000, person: verified })).not.toThrow();
  });

  it('every bingo prize asks for the winner where the hall identifies at its delivery; elsewhere a prize counts to the threshold like any act', () => {
    expect(actAlwaysIdentified('prize_payment', 'prize')).toBe(true);
    expect(actAlwaysIdentified('prize_payment', 'entry')).toBe(false);
    expect(actAlwaysIdentified('prize_payment', 'purchase')).toBe(false);
    for (const moment of ['entry', 'purchase', 'prize'] as const) expect(actAlwaysIdentified('guia_payment', moment)).toBe(false);
    expect(refusal(() => checkIdentification({ ...base, act: 'prize_payment', moment: 'prize', cents: 25 }))).toEqual({
      code: 'PRIZE_IDENTIFICATION_REQUIRED',
      message:
        'Identificação obrigatória: a sala identifica os jogadores na entrega de cada prémio (Lei n.º 83/2017, art. 76.º, n.º 5). Registe a identificação do premiado (nome, documento verificado) e repita; o prémio de 0,25 € não foi pago.',
    });
    expect(() => checkIdentification({ ...base, act: 'prize_payment', moment: 'prize', cents: 25, person: verified })).not.toThrow();
    expect(() => checkIdentification({ ...base, act: 'prize_payment', moment: 'entry', cents: 199_999 })).not.toThrow();
    expect(refusal(() => checkIdentification({ ...base, act: 'prize_payment', moment: 'entry', cents: 200_000 })).message).toContain(
      'com o pagamento deste prémio (2 000,00 €) o jogador chega a 2 000,00 € no dia de jogo, o limiar é 2 000,00 € (Lei n.º 83/2017, art. 76.º, n.º 5)',
    );
  });

  it('a person named with a document not verified, or erased, is no identification', () => {
    expect(refusal(() => checkIdentification({ ...base, cents: 100, person: { ...verified, verified: false } })).code).toBe('IDENTIFICATION_NOT_VERIFIED');
    expect(refusal(() => checkIdentification({ ...base, cents: 100, person: { ...verified, erased: true } })).code).toBe('PERSON_ERASED');
  });
});

describe('cheques (art. 76.º, n.º 3 and 4)', () => {
  it('a cheque to no one is refused; cash alone needs no payee', () => {
    expect(() => checkChequePayee(0, null)).not.toThrow();
    expect(() => checkChequePayee(1, verified)).not.toThrow();
    expect(refusal(() => checkChequePayee(1, null))).toEqual({
      code: 'CHEQUE_NEEDS_PAYEE',
      message:
        'Um cheque só é emitido a favor de uma pessoa identificada, nominativo, cruzado e «não à ordem» (Lei n.º 83/2017, art. 76.º, n.º 3 e 4): escolha ou registe a identificação do beneficiário; nada foi pago.',
    });
  });

  it('a chip cheque up to the chips bought by card or cheque that day, less those already paid by cheque', () => {
    expect(() => checkChipChequeCap(30_000, 50_000, 20_000)).not.toThrow();
    expect(refusal(() => checkChipChequeCap(30_001, 50_000, 20_000))).toEqual({
      code: 'CHIP_CHEQUE_OVER_PURCHASES',
      message:
        'Cheque de 300,01 € por fichas acima do que o jogador comprou hoje com cartão ou cheque (500,00 €, já pagos em cheque 200,00 €): no máximo 300,00 € (Lei n.º 83/2017, art. 76.º, n.º 4).',
    });
    expect(refusal(() => checkChipChequeCap(1, 0, 0)).code).toBe('CHIP_CHEQUE_OVER_PURCHASES');
  });
});

describe('the gaming day and the document’s identity', () => {
  it('a night past midnight is one gaming day (cut at 06:00, hall time)', () => {
    expect(gamingDayOf(new Date('2026-12-05T23:30:00Z'), 'Europe/Lisbon')).toBe('2026-12-05');
    expect(gamingDayOf(new Date('2026-12-06T05:59:00Z'), 'Europe/Lisbon')).toBe('2026-12-05');
    expect(gamingDayOf(new Date('2026-12-06T06:00:00Z'), 'Europe/Lisbon')).toBe('2026-12-06');
    expect(gamingDayOf(new Date('2026-07-06T04:59:00Z'), 'Europe/Lisbon')).toBe('2026-07-05');
  });

  it('one document however typed', () => {
    expect(documentIdentity({ documentType: 'cc', documentNumber: '12345678 9 zz1', country: 'pt' })).toBe('cc|PT|123456789ZZ1');
    expect(documentIdentity({ documentType: 'cc', documentNumber: '123-456-789.ZZ1', country: 'PT' })).toBe('cc|PT|123456789ZZ1');
  });
});

describe('the date of birth', () => {
  it('18 years on the day itself are enough, a day less is not', () => {
    expect(() => checkAdult('2008-12-07', '2026-12-07')).not.toThrow();
    expect(() => checkAdult('2008-12-08', '2026-12-07')).toThrow(expect.objectContaining({ code: 'PERSON_UNDER_AGE' }));
  });
});

describe('the legal period of an identification (Lei n.º 83/2017, art. 51.º)', () => {
  it('ends seven calendar years later to the second; 29 February falls back to the 28th, never forward', () => {
    expect(erasureCutOf(new Date('2033-11-30T20:00:01Z'))).toBe('2026-11-30T20:00:01.000Z');
    expect(erasureCutOf(new Date('2028-02-29T10:00:00Z'))).toBe('2021-02-28T10:00:00.000Z');
    expect(erasureCutOf(new Date('2031-03-01T00:00:00Z'))).toBe('2024-03-01T00:00:00.000Z');
  });

  it('refuses a cut a millisecond inside it', () => {
    const now = new Date('2033-11-30T20:00:01Z');
    expect(() => checkErasureCut('2026-11-30T20:00:01.000Z', now)).not.toThrow();
    expect(refusal(() => checkErasureCut('2026-11-30T20:00:01.001Z', now)).code).toBe('ERASURE_TOO_EARLY');
  });
});
