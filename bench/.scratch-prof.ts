import { performance } from 'node:perf_hooks';
import E from '@point-of-sale/receipt-printer-encoder';
import { SALE } from '../printing/documents/fixtures.js';
import { saleReceipt } from '../printing/documents/saleReceipt.js';
import { assertPrintable, renderEscPos } from '../printing/escpos.js';
import { layoutDocument } from '../printing/preview.js';
const doc = saleReceipt(SALE);
const prof = { codepage: 'cp858', widthMm: 80 } as const;
function t(name: string, fn: () => void, n = 2000) {
  for (let i = 0; i < 200; i++) fn();
  const xs: number[] = [];
  for (let i = 0; i < n; i++) { const a = performance.now(); fn(); xs.push(performance.now() - a); }
  xs.sort((a, b) => a - b);
  console.log(name, xs[n >> 1]!.toFixed(4));
}
t('assertPrintable', () => assertPrintable(doc, 'cp858'));
t('layout', () => layoutDocument(doc, 48));
t('new encoder', () => new E({ columns: 48, newline: '\n' }));
t('new+init+cp+encode', () => new E({ columns: 48, newline: '\n' }).initialize().codepage('cp858').encode());
t('one line', () => new E({ columns: 48, newline: '\n' }).initialize().codepage('cp858').text('Série A: n.º 271 a 275').newline().encode());
t('20 lines', () => { const e = new E({ columns: 48, newline: '\n' }).initialize().codepage('cp858'); for (let i = 0; i < 20; i++) e.text('Série A: n.º 271 a 275').newline(); e.encode(); });
t('20 lines commands only', () => { const e = new E({ columns: 48, newline: '\n' }).initialize().codepage('cp858'); for (let i = 0; i < 20; i++) e.text('Série A: n.º 271 a 275').newline(); e.encode('commands'); });
t('qr', () => new E({ columns: 48, newline: '\n' }).initialize().codepage('cp858').qrcode('BINGO|x|V1|00000000', { model: 2, size: 6, errorlevel: 'm' }).encode());
t('cut', () => new E({ columns: 48, newline: '\n', feedBeforeCut: 4 }).initialize().codepage('cp858').cut('partial').encode());
t('render', () => renderEscPos(doc, prof));
const sp = new Uint8Array(48).fill(0x20);
t('20 lines raw', () => { const e = new E({ columns: 48, newline: '\n' }).initialize().raw([0x1b, 0x74, 19]); for (let i = 0; i < 20; i++) { e.raw(sp.subarray(0, 5)); e.raw(Uint8Array.from([0x53, 0x82, 0x72, 0x69, 0x65, 0x20, 0x41])); e.newline(); } e.encode(); });
t('20 lines raw bold', () => { const e = new E({ columns: 48, newline: '\n' }).initialize().raw([0x1b, 0x74, 19]); for (let i = 0; i < 20; i++) { e.raw(sp.subarray(0, 5)); e.bold(true); e.raw(Uint8Array.from([0x53, 0x82, 0x72, 0x69, 0x65, 0x20, 0x41])); e.bold(false); e.newline(); } e.encode(); });
