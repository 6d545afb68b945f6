/**
 * The print jobs' list rendered to HTML (no DOM needed) in each language
 * (issue 13): a job's name and error are worded from its kind, title
 * parameters and error code, so they read in English with lang en and, in
 * pt-PT, exactly as the titles and messages the kiosk stores; a job without
 * them (stored before) shows its stored text.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DOCUMENT_KINDS } from '../../core/printing/jobs.js';
import {
  announcementSlip,
  cardRefundReceipt,
  drawerKickSlip,
  guiaCopies,
  limitsSign,
  chipChequeSlip,
  prizePayout,
  refundReceipt,
  saleReceipt,
  saleVoidSlip,
  sellerSettlementSlip,
  testPage,
  xReport,
  zReport,
} from '../../printing/documents/index.js';
import { asReprint, type PrintDocument } from '../../printing/layout.js';
import { PrinterError } from '../../printing/transport/index.js';
import { UnprintableCharacterError } from '../../printing/escpos.js';
import { ANNOUNCEMENT, CARD_REFUND, GUIA, PAYOUT, REFUND, SALE, SALE_VOID, SELLER_SETTLEMENT, SOFTWARE, X_REPORT, Z_REPORT } from '../../test/fixtures/documents.js';
import { i18n, initI18n } from '../i18n/index.js';
import { jobErrorText, jobNameKey, statusErrorText, type PrintJobView } from '../lib/printing.js';
import { JobsList } from './PrintJobs.js';

beforeAll(() => {
  initI18n('pt-PT');
});
afterAll(async () => {
  await i18n.changeLanguage('pt-PT');
});

const AT = '2026-12-01T21:00:00.000Z';

/** Every kind of document the kiosk prints, as its builder makes it. */
const DOCUMENTS: PrintDocument[] = [
  saleReceipt(SALE),
  saleVoidSlip(SALE_VOID),
  prizePayout(PAYOUT),
  refundReceipt(REFUND),
  ...guiaCopies(GUIA),
  xReport(X_REPORT),
  zReport(Z_REPORT),
  announcementSlip(ANNOUNCEMENT),
  announcementSlip({ ...ANNOUNCEMENT, article: 'art. 11.º, n.º 2' }),
  testPage({ printerName: 'Balcão 1', profile: { codepage: 'cp858', widthMm: 80 }, at: AT, timeZone: 'Europe/Lisbon', software: SOFTWARE }),
  drawerKickSlip({ hallName: 'Sala', licence: null, terminalId: 'CAIXA-1', operator: 'Ana', approvedBy: null, reason: 'Troco', at: AT, timeZone: 'Europe/Lisbon', software: SOFTWARE }),
  limitsSign({ hallName: 'Casino', tableCode: 'R1', wheelName: 'Roleta francesa', rows: [], at: AT, timeZone: 'Europe/Lisbon', software: SOFTWARE }),
  sellerSettlementSlip(SELLER_SETTLEMENT),
  cardRefundReceipt(CARD_REFUND),
  chipChequeSlip({
    hallName: 'Casino',
    exchangeId: 12,
    chips: [{ valueCents: 10_000, count: 5 }],
    totalCents: 50_000,
    cashCents: 20_000,
    cheques: [{ amountCents: 30_000, number: '0099001', bank: 'CGD' }],
    payee: 'Maria',
    paidBy: 'Ana',
    at: AT,
    timeZone: 'Europe/Lisbon',
    software: SOFTWARE,
  }),
];

function job(over: Partial<PrintJobView> & Pick<PrintJobView, 'jobId' | 'kind' | 'title'>): PrintJobView {
  return {
    createdAt: AT,
    titleParams: null,
    printerId: 'balcao',
    state: 'printed',
    attempts: 1,
    lastError: null,
    lastErrorCode: null,
    lastErrorParams: null,
    printedAt: AT,
    reprintOf: null,
    refType: null,
    refId: null,
    preview: [],
    ...over,
  };
}

const ofDocument = (jobId: number, doc: PrintDocument, over: Partial<PrintJobView> = {}): PrintJobView =>
  job({ jobId, kind: doc.kind, title: doc.title, titleParams: doc.titleParams ?? null, ...over });

const refused = new PrinterError('CONNECT_REFUSED', { address: '10.0.0.5:9100', ms: 3000 });
const unprintable = new UnprintableCharacterError('✓', 'U+2713', 'cp858', 'Pago ✓', 5, 3);

const JOBS: PrintJobView[] = [
  ofDocument(4, saleReceipt(SALE), {
    state: 'failed',
    attempts: 3,
    printedAt: null,
    lastError: refused.message,
    lastErrorCode: refused.code,
    lastErrorParams: refused.params,
  }),
  ofDocument(3, asReprint(zReport(Z_REPORT)), { reprintOf: 2 }),
  ofDocument(2, guiaCopies(GUIA)[1]!, {
    state: 'pending',
    printedAt: null,
    lastError: unprintable.message,
    lastErrorCode: unprintable.code,
    lastErrorParams: unprintable.params,
  }),
  // Stored before titles and errors had parameters: shown as stored.
  job({ jobId: 1, kind: 'sale_receipt', title: 'Recibo de venda n.º 1', state: 'failed', printedAt: null, lastError: 'Impressora sem papel.' }),
];

async function rendered(lang: 'pt-PT' | 'en'): Promise<string> {
  await i18n.changeLanguage(lang);
  return renderToStaticMarkup(<JobsList jobs={JOBS} loadError={null} />);
}

/** The text of one row's cells, tags dropped. */
function row(html: string, jobId: number): string {
  const m = new RegExp(`<tr data-testid="job-row-${jobId}"[^>]*>(.*?)</tr>`).exec(html);
  return (m?.[1] ?? '').replace(/<[^>]+>/g, ' ').replace(/\s+/g, ' ').replaceAll('&quot;', '"').replaceAll('&#x27;', "'");
}

describe('print job names in each language', () => {
  it('pt-PT words every kind exactly as its document builder titles it', async () => {
    await i18n.changeLanguage('pt-PT');
    expect(new Set(DOCUMENTS.map((d) => d.kind))).toEqual(new Set(DOCUMENT_KINDS));
    for (const doc of DOCUMENTS) {
      const name = jobNameKey({ kind: doc.kind, titleParams: doc.titleParams ?? null });
      expect(name, doc.title).not.toBeNull();
      expect(i18n.exists(name!.key), name!.key).toBe(true);
      expect(i18n.t(name!.key, name!.values)).toBe(doc.title);
      // A 2.ª via keeps its original's name.
      expect(asReprint(doc).titleParams).toEqual(doc.titleParams);
    }
  });

  it('English words every kind from the same parameters', async () => {
    await i18n.changeLanguage('en');
    const names = DOCUMENTS.map((doc) => {
      const name = jobNameKey({ kind: doc.kind, titleParams: doc.titleParams ?? null })!;
      return i18n.t(name.key, name.values);
    });
    expect(names).toEqual([
      `Sale receipt no. ${SALE.saleId}`,
      `Void of sale no. ${SALE_VOID.saleId}`,
      `Prize payout no. ${PAYOUT.payoutId}`,
      `Refund of sale no. ${REFUND.saleId}`,
      `Guia no. ${GUIA.guiaNumber} (caixa's copy)`,
      `Guia no. ${GUIA.guiaNumber} (player's copy)`,
      `X report, drawer no. ${X_REPORT.drawerId}`,
      `Z report no. ${Z_REPORT.zNumber}`,
      'Announcement of game no. 7',
      'Sale announcement of game no. 7',
      'Test page: Balcão 1',
      'Drawer opened without a sale (CAIXA-1)',
      'Limits of table R1',
      `Seller settlement, block no. ${SELLER_SETTLEMENT.blockId}`,
      `Card refund no. ${CARD_REFUND.refundId}`,
      'Chips paid by cheque, exchange no. 12',
    ]);
  });

  it('falls back to the stored title without parameters, or with parameters it does not know', () => {
    expect(jobNameKey({ kind: 'sale_receipt', titleParams: null })).toBeNull();
    expect(jobNameKey({ kind: 'sale_receipt', titleParams: { sale: 3 } })).toBeNull();
    expect(jobNameKey({ kind: 'guia', titleParams: { guiaNumber: 3, copy: 'outro' } })).toBeNull();
    expect(jobNameKey({ kind: 'acta', titleParams: { n: 1 } })).toBeNull();
    // Only the named values reach i18next (no option smuggled in).
    expect(jobNameKey({ kind: 'z_report', titleParams: { zNumber: 4, lng: 'pt-PT' } })).toEqual({ key: 'printJobs.titles.z_report', values: { zNumber: 4 } });
  });
});

describe('print job errors in each language', () => {
  it('words a printer error and the kiosk\'s own from their codes; an unknown one is the stored text', () => {
    expect(jobErrorText(JOBS[0]!, 'pt-PT', 'Europe/Lisbon')).toBe('A impressora 10.0.0.5:9100 recusou a ligação: está desligada ou o endereço está errado.');
    expect(jobErrorText(JOBS[0]!, 'en', 'Europe/Lisbon')).toBe('The printer at 10.0.0.5:9100 refused the connection: it is off or the address is wrong.');
    expect(jobErrorText(JOBS[2]!, 'pt-PT', 'Europe/Lisbon')).toBe(unprintable.message);
    expect(jobErrorText(JOBS[3]!, 'en', 'Europe/Lisbon')).toBe('Impressora sem papel.');
    expect(jobErrorText({ lastError: 'x', lastErrorCode: 'NOT_A_CODE', lastErrorParams: {} }, 'en', 'Europe/Lisbon')).toBe('x');
    expect(jobErrorText({ lastError: null, lastErrorCode: null, lastErrorParams: null }, 'en', 'Europe/Lisbon')).toBeNull();
  });

  it('words a device error\'s reason too (the printer\'s error bit), as the status shows it', () => {
    const status = { error: 'A impressora assinala um erro (ex.: guilhotina encravada).', errorCode: 'DEVICE_ERROR', errorParams: { reason: 'A impressora assinala um erro (ex.: guilhotina encravada)', reasonCode: 'PRINTER_REPORTED' } };
    expect(statusErrorText(status, 'pt-PT', 'Europe/Lisbon')).toBe('Erro da impressora: A impressora assinala um erro (ex.: guilhotina encravada).');
    expect(statusErrorText(status, 'en', 'Europe/Lisbon')).toBe('Printer error: the printer reports an error (e.g. a jammed cutter).');
    expect(statusErrorText({ ...status, errorCode: null }, 'en', 'Europe/Lisbon')).toBe(status.error);
    expect(statusErrorText({ error: null, errorCode: null, errorParams: null }, 'en', 'Europe/Lisbon')).toBeNull();
  });
});

describe('JobsList', () => {
  it('in pt-PT reads exactly as the titles and errors stored', async () => {
    const html = await rendered('pt-PT');
    expect(row(html, 4)).toContain(`Recibo de venda n.º ${SALE.saleId} `);
    expect(row(html, 4)).toContain('A impressora 10.0.0.5:9100 recusou a ligação: está desligada ou o endereço está errado.');
    expect(row(html, 3)).toContain(`Relatório Z n.º ${Z_REPORT.zNumber} 2.ª via do n.º 2`);
    expect(row(html, 2)).toContain(`Guia n.º ${GUIA.guiaNumber} (exemplar do jogador)`);
    expect(row(html, 2)).toContain(unprintable.message);
    expect(row(html, 1)).toContain('Recibo de venda n.º 1 ');
    expect(row(html, 1)).toContain('Impressora sem papel.');
  });

  it('in English reads in English, but for the job stored before', async () => {
    const html = await rendered('en');
    expect(row(html, 4)).toContain(`Sale receipt no. ${SALE.saleId} `);
    expect(row(html, 4)).toContain('The printer at 10.0.0.5:9100 refused the connection: it is off or the address is wrong.');
    expect(row(html, 4)).not.toMatch(/Recibo|recusou/);
    expect(row(html, 3)).toContain(`Z report no. ${Z_REPORT.zNumber} reprint of no. 2`);
    expect(row(html, 2)).toContain(`Guia no. ${GUIA.guiaNumber} (player's copy)`);
    expect(row(html, 2)).toContain(`The character '✓' (U+2713) cannot be printed with code page cp858: block 3, position 6 in "Pago ✓".`);
    expect(row(html, 1)).toContain('Recibo de venda n.º 1 ');
    expect(row(html, 1)).toContain('Impressora sem papel.');
  });
});

describe('JobsList buttons', () => {
  it("each button's accessible name holds the words it shows (WCAG 2.5.3), in both languages", async () => {
    for (const lang of ['pt-PT', 'en'] as const) {
      const html = await rendered(lang);
      const buttons = [...html.matchAll(/<button[^>]*aria-label="([^"]*)"[^>]*>([^<]*)<\/button>/g)].map((m) => ({ name: m[1]!, text: m[2]! }));
      // "Ver" on each of the 4 jobs, "Tentar de novo" on the 2 failed, "2.ª via" on the one printed.
      expect(buttons.length, lang).toBe(7);
      for (const b of buttons) expect(b.name.toLowerCase(), lang).toContain(b.text.toLowerCase());
    }
  });
});
