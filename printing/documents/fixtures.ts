/** Sample data for the document tests and the benchmark. */
import type { AnnouncementData } from './announcementSlip.js';
import type { XReportData, ZReportData } from './drawerReports.js';
import type { GuiaData } from './guia.js';
import type { PrizePayoutData } from './prizePayout.js';
import type { RefundReceiptData } from './refundReceipt.js';
import type { SaleReceiptData } from './saleReceipt.js';

export const HALL = { hallName: 'Bingo do Rossio', licence: 'n.º 7/2019' } as const;

/** A sale spanning the end of series A and the start of series B. */
export const SALE: SaleReceiptData = {
  ...HALL,
  saleId: 1234,
  sessionId: 12,
  gameId: 345,
  gameNumber: 7,
  terminalId: 'CAIXA-1',
  ranges: [
    { seriesCode: 'A', from: 271, to: 275 },
    { seriesCode: 'B', from: 1, to: 3 },
  ],
  quantity: 8,
  unitPriceCents: 250,
  totalCents: 2000,
  paymentMethod: 'cash',
  tenderedCents: 5000,
  changeCents: 3000,
  cashier: 'Maria João',
  createdAt: '2025-07-05T20:14:09.000Z',
};

export const PAYOUT: PrizePayoutData = {
  ...HALL,
  payoutId: 88,
  sessionId: 12,
  gameNumber: 7,
  seriesCode: 'A',
  cardNumber: 273,
  kind: 'bingo',
  amountCents: 12345,
  sharedBy: 2,
  paidBy: 'Maria João',
  terminalId: 'CAIXA-1',
  paidAt: '2025-07-05T20:41:00.000Z',
  retainUntil: '2025-07-13',
};

export const REFUND: RefundReceiptData = {
  ...HALL,
  saleId: 1234,
  sessionId: 12,
  gameNumber: 7,
  annulReason: 'failure_before_draw',
  ranges: [{ seriesCode: 'A', from: 271, to: 275 }],
  amountCents: 1250,
  paidBy: 'Rui Gonçalves',
  paidAt: '2025-12-01T23:05:00.000Z',
};

export const GUIA: GuiaData = {
  ...HALL,
  guiaNumber: 501,
  machine: { id: 'M-0042', model: 'Novomatic FV880', location: 'Sala 2, fila 3' },
  kind: 'jackpot',
  amountCents: 250000,
  issuedBy: 'Ana Sá',
  issuedAt: '2025-07-05T22:00:00.000Z',
  meters: { coinsIn: 1234567, prizesPaid: 987654, coinsCollected: 45678 },
  payment: {
    cashCents: 50000,
    cheques: [{ number: '0001234', bank: 'Caixa Geral de Depósitos', amountCents: 200000 }],
    paidBy: 'Ana Sá',
    paidAt: '2025-07-05T22:03:00.000Z',
  },
};

export const X_REPORT: XReportData = {
  hallName: HALL.hallName,
  terminalId: 'CAIXA-1',
  drawerId: 31,
  shift: 'Noite',
  operator: 'Maria João',
  openedAt: '2025-07-05T18:00:00.000Z',
  at: '2025-07-05T21:30:00.000Z',
  openingFloatCents: 20000,
  movements: { sales: 150000, prizes: 60000, refunds: 1250, guias: 50000, payIns: 10000, payOuts: 5000 },
};

export const Z_REPORT: ZReportData = {
  ...X_REPORT,
  at: '2025-07-06T00:30:00.000Z',
  zNumber: 19,
  counted: [
    { denominationCents: 5000, count: 1 },
    { denominationCents: 2000, count: 2 },
    { denominationCents: 100, count: 3 },
    { denominationCents: 10000, count: 5 },
  ],
  varianceAcceptedBy: 'Carlos Mendes',
  varianceReason: 'Troco mal dado',
};

export const ANNOUNCEMENT: AnnouncementData = {
  hallName: HALL.hallName,
  sessionId: 12,
  gameNumber: 7,
  text:
    'Venderam-se 8 cartões da série A, do n.º 271 ao n.º 275, e da série B, do n.º 1 ao n.º 3.\n' +
    'Prémio de linha: 1,00 €. Prémio de bingo: 10,00 €.\n' +
    'Vai iniciar-se a extração.',
  at: '2025-07-05T20:30:00.000Z',
  isLast: true,
};
