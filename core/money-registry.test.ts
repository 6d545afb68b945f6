import { describe, expect, it } from 'vitest';
import { zReport } from '../printing/documents/index.js';
import { previewText } from '../printing/preview.js';
import { Z_REPORT } from '../test/fixtures/documents.js';
import type { LedgerEntry } from './ledger.js';
import { accounts, assertDeclared, ledger, type LedgerKind } from './money-registry.js';
import { isDocumentKind, printVariant, TITLE_PARAM_NAMES } from './print-kinds.js';
import { drawerLineAmounts, lineValues, mergeDeclared, type DrawerLine, type MoneyKind } from './money-kinds.js';
import { CASH_LINES, CHIP_LINES, MONEY_KINDS } from './money-registry.js';
import { xReportSchema } from './drawers/contract.js';

/** One entry of every builder of core/ledger.ts, on terminal T1. */
const SAMPLES: LedgerEntry[] = [
  ledger.cardSale(1, 500, 'cash', 'T1'),
  ledger.cardSale(2, 500, 'chips', 'T1'),
  ledger.cardSaleVoid(1, ledger.cardSale(1, 500, 'cash', 'T1').postings),
  ledger.cardSaleVoid(2, ledger.cardSale(2, 500, 'chips', 'T1').postings),
  ledger.gameSaleClosed(1, { prizesCents: 300, specialShareCents: 10, stampDutyCents: 20 })!,
  ledger.specialPrizeWon(1, 1_000),
  ledger.specialFundStarted({ type: 'session', id: 1 }, 5_000)!,
  ledger.guiaIssued(1, 2_000, 'machine:7'),
  ledger.guiaVoided(1, ledger.guiaIssued(1, 2_000, 'machine:7').postings),
  ledger.guiaPaid(1, { cashCents: 500, chequeCents: 1_500 }, 'T1'),
  ledger.chipsSold(1, { cashCents: 500, cardCents: 0, chequeCents: 0 }, 'T1'),
  ledger.chipsSold(2, { cashCents: 0, cardCents: 500, chequeCents: 0 }, 'T1'),
  ledger.chipsSold(3, { cashCents: 0, cardCents: 0, chequeCents: 500 }, 'T1'),
  ledger.chipsRedeemed(1, { cashCents: 500, cardCents: 0, chequeCents: 0 }, 'T1'),
  ledger.chipsRedeemed(2, { cashCents: 200, cardCents: 0, chequeCents: 300 }, 'T1'),
  ledger.chipsFilled(1, 500, 'T1'),
  ledger.chipsCredited(1, 500, 'T1'),
  ledger.chipsHandedOver(1, 500, 'T1'),
  ledger.chipsReceived(1, 500, 'T1'),
  ledger.fundContribution(1, 'machine:7', 100),
  ledger.fundTransfer(1, 'machine:7', 'machine:8', 100),
  ledger.gameAnnulled(1, { unpaidPrizesCents: 300, stampDutyCents: 20 })!,
  ledger.cardRefund(1, 500, 'T1'),
  ledger.prizePaid(1, 150, 'T1')!,
  ledger.sellerDifference(1, -50, 'T1')!,
  ledger.sellerDifference(2, 30, 'T1')!,
  ledger.cardRefundByCard(1, 100, 'T1'),
  ledger.payIn(1, 500, 'T1'),
  ledger.payOut(1, 500, 'T1'),
  ledger.drop(1, 500, 'T1'),
];

describe('the money kinds', () => {
  it('describe every ledger kind once, each with the document its builder names', () => {
    const kinds = MONEY_KINDS.map((k) => k.kind);
    expect(new Set(kinds).size).toBe(kinds.length);
    expect(new Set(SAMPLES.map((e) => e.kind))).toEqual(new Set(kinds));
    for (const e of SAMPLES) {
      const d = MONEY_KINDS.find((k) => k.kind === e.kind)!;
      expect([e.kind, d.documents.includes(e.ref.type)]).toEqual([e.kind, true]);
    }
  });

  it('give a line of the drawer to exactly the kinds that move its cash or its chips', () => {
    for (const e of SAMPLES) {
      const d = MONEY_KINDS.find((k) => k.kind === e.kind)!;
      const touches = (account: string) => e.postings.some((p) => p.account === account);
      // A card sale names the line of both (cash or chips, whichever it took).
      expect([e.kind, touches(accounts.cash('T1')) ? d.cashLine !== undefined : true, touches(accounts.chips('T1')) ? d.chipLine !== undefined : true]).toEqual([e.kind, true, true]);
      if (d.cashLine) expect(SAMPLES.filter((s) => s.kind === e.kind).some((s) => s.postings.some((p) => p.account === accounts.cash('T1')))).toBe(true);
      if (d.chipLine) expect(SAMPLES.filter((s) => s.kind === e.kind).some((s) => s.postings.some((p) => p.account === accounts.chips('T1')))).toBe(true);
    }
    // Each line is moved by some kind, and each kind's line exists.
    for (const line of CASH_LINES) expect([line.key, MONEY_KINDS.some((k) => k.cashLine === line.key)]).toEqual([line.key, true]);
    for (const line of CHIP_LINES) expect([line.key, MONEY_KINDS.some((k) => k.chipLine === line.key)]).toEqual([line.key, true]);
    for (const k of MONEY_KINDS) {
      if (k.cashLine) expect(CASH_LINES.some((l) => l.key === k.cashLine)).toBe(true);
      if (k.chipLine) expect(CHIP_LINES.some((l) => l.key === k.chipLine)).toBe(true);
    }
  });

  it('are the only kinds the ledger takes', () => {
    expect(() => assertDeclared({ kind: 'cash_advance', ref: { type: 'drawer_movement', id: 1 } })).toThrow('ledger kind "cash_advance" is not declared by any domain');
    expect(() => assertDeclared({ kind: 'pay_in', ref: { type: 'guia', id: 1 } })).toThrow('ledger kind "pay_in" does not document a guia');
    for (const e of SAMPLES) expect(() => assertDeclared(e)).not.toThrow();
  });

  it('are merged refusing a kind or a line declared twice', () => {
    const sale: MoneyKind = { kind: 'card_sale', documents: ['sale'], cashLine: 'sales' };
    expect(() => mergeDeclared('money kind', (k: MoneyKind) => k.kind, { bingo: [sale], caixa: [{ ...sale }] })).toThrow(
      "Duplicate money kind 'card_sale': defined by bingo and by caixa; each money kind is defined once.",
    );
    const line: DrawerLine = { key: 'sales', side: 'in', label: 'Vendas', shown: 'always', order: 10 };
    expect(() => mergeDeclared('cash line', (l: DrawerLine) => l.key, { bingo: [line, line] })).toThrow('Duplicate cash line in bingo: each cash line is declared once.');
  });

  it('add up a drawer’s lines from its ledger by kind: an out line is what left, sales net of their voids', () => {
    const amounts = drawerLineAmounts(CASH_LINES, MONEY_KINDS, 'cashLine', { card_sale: 3_200, card_sale_void: -200, prize_paid: -150, pay_in: 2_000, drop: -1_000 });
    expect(lineValues(amounts)).toEqual({ sales: 3_000, sellerSurpluses: 0, sellerShortages: 0, payIns: 2_000, chipsSold: 0, prizes: 150, refunds: 0, guias: 0, payOuts: 0, drops: 1_000, chipsRedeemed: 0 });
    expect(amounts.map((a) => a.key)).toEqual(['sales', 'sellerSurpluses', 'payIns', 'chipsSold', 'prizes', 'sellerShortages', 'refunds', 'guias', 'payOuts', 'drops', 'chipsRedeemed']);
  });

  it('a kind added in its domain reaches the Z without the report changing: its line printed, the expected the ledger’s', () => {
    // A cash advance at the caixa, as a domain would declare it (a fixture: no such kind ships).
    const advance = { kind: 'cash_advance' as LedgerKind, documents: ['drawer_movement'], cashLine: 'advances' } satisfies MoneyKind;
    const advances: DrawerLine = { key: 'advances', side: 'out', label: 'Adiantamentos', shown: 'always', order: 75 };
    const lines = mergeDeclared('cash line', (l: DrawerLine) => l.key, { shipped: CASH_LINES, caixa: [advances] }, (a, b) => a.order - b.order);
    const kinds = mergeDeclared('money kind', (k: MoneyKind) => k.kind, { shipped: MONEY_KINDS, caixa: [advance] });
    const amounts = drawerLineAmounts(lines, kinds, 'cashLine', { card_sale: 150_000, prize_paid: -60_000, cash_advance: -2_500 });
    const text = previewText(zReport({ ...Z_REPORT, lines: amounts, expectedCents: 107_500 }), 80).map((l) => l.replace(/\s+/g, ' '));
    expect(text).toContain(' Adiantamentos 25,00 €');
    // After "Saídas de numerário" (order 70), before "Recolhas para o cofre" (80).
    expect(text.indexOf(' Adiantamentos 25,00 €')).toBe(text.indexOf(' Saídas de numerário 0,00 €') + 1);
    expect(text).toContain('Esperado na gaveta 1 075,00 €');
    // Counted 50 + 2 × 20 + 3 × 1 + 5 × 100 = 593,00 €: 482,00 € short of the ledger's expected.
    expect(text).toContain('Diferença -482,00 €');
  });

  it('say what each domain prints: its title’s parameters, the job’s link, and the parameter that picks its wording', () => {
    expect(TITLE_PARAM_NAMES).toEqual({
      sale_receipt: ['saleId'],
      sale_void: ['saleId'],
      prize_payout: ['payoutId'],
      refund: ['saleId'],
      announcement: ['gameNumber', 'moment'],
      seller_settlement: ['blockId'],
      refund_by_card: ['refundId'],
      guia: ['guiaNumber', 'copy'],
      x_report: ['drawerId'],
      z_report: ['zNumber'],
      drawer_kick: ['terminalId'],
      test_page: ['printerName'],
      limits_sign: ['tableCode'],
      chip_cheque: ['exchangeId'],
    });
    expect(printVariant('guia')).toEqual({ param: 'copy', values: ['caixa', 'jogador'] });
    expect(printVariant('announcement')?.values).toEqual(['before_sale', 'close_of_sale', 'last_game']);
    expect(printVariant('z_report')).toBeUndefined();
    expect([isDocumentKind('guia'), isDocumentKind('__proto__'), isDocumentKind('cash_advance')]).toEqual([true, false, false]);
  });

  it('a line a domain adds is carried by the X’s contract to the screen, as the shipped ones', () => {
    const movements = { ...lineValues(drawerLineAmounts(CASH_LINES, MONEY_KINDS, 'cashLine', {})), advances: 2_500 };
    const x = { drawerId: 1, terminalId: 'T1', operator: 'Ana', openedAt: '2026-12-03T08:00:00.000Z', at: '2026-12-03T09:00:00.000Z', openingFloatCents: 10_000, movements, expectedCents: 7_500, chips: null };
    expect(xReportSchema.parse(x).movements).toMatchObject({ sales: 0, drops: 0, advances: 2_500 });
  });
});
