import { describe, expect, it } from 'vitest';
import type { SaleView } from '../../core/contract.js';
import { saleViewOf, withNewSale, withVoidedSale } from './sale.js';

const AT = '2026-01-10T21:00:00.000Z';
const row = (saleId: number, voided = false): SaleView => ({
  saleId,
  gameId: 3,
  quantity: 1,
  ranges: [{ seriesCode: 'A', from: saleId, to: saleId }],
  unitPriceCents: 100,
  totalCents: 100,
  paymentMethod: 'cash',
  tenderedCents: 100,
  changeCents: 0,
  cashier: 'caixa1',
  terminalId: 'T1',
  createdAt: AT,
  voided,
});

describe("the recent sales from a sale's answer", () => {
  it("makes the row from sale.create's answer and what the screen knows", () => {
    const answer = { saleId: 12, ranges: [{ seriesCode: 'A', from: 19, to: 20 }, { seriesCode: 'B', from: 1, to: 3 }], quantity: 5, totalCents: 500, tenderedCents: 1000, changeCents: 500 };
    expect(saleViewOf(answer, { gameId: 3, unitPriceCents: 100, paymentMethod: 'cash', cashier: 'caixa1', terminalId: 'T2', createdAt: AT })).toEqual({
      saleId: 12,
      gameId: 3,
      quantity: 5,
      ranges: [{ seriesCode: 'A', from: 19, to: 20 }, { seriesCode: 'B', from: 1, to: 3 }],
      unitPriceCents: 100,
      totalCents: 500,
      paymentMethod: 'cash',
      tenderedCents: 1000,
      changeCents: 500,
      cashier: 'caixa1',
      terminalId: 'T2',
      createdAt: AT,
      voided: false,
    });
  });
  it('puts the new sale first and keeps the limit', () => {
    expect(withNewSale([row(3), row(2), row(1)], row(4), 3).map((s) => s.saleId)).toEqual([4, 3, 2]);
    expect(withNewSale([], row(1), 8).map((s) => s.saleId)).toEqual([1]);
  });
  it('places it after a newer sale already fetched, and adds it once', () => {
    expect(withNewSale([row(6), row(4)], row(5), 8).map((s) => s.saleId)).toEqual([6, 5, 4]);
    expect(withNewSale([row(5), row(4)], row(5), 8).map((s) => s.saleId)).toEqual([5, 4]);
  });
  it('strikes a voided sale, or asks for a fetch when it is not listed', () => {
    expect(withVoidedSale([row(5), row(4)], 5)).toEqual([row(5, true), row(4)]);
    expect(withVoidedSale([row(4)], 5)).toBeNull();
  });
});
