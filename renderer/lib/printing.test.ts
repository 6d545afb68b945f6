import { describe, expect, it } from 'vitest';
import {
  EMPTY_PRINTER_FORM,
  base64ToBytes,
  formOfPrinter,
  guiaCopiesJob,
  jobCounts,
  printerAddress,
  printerConfigureInput,
  safeFilename,
  statusWord,
  type PrintJobView,
  type PrinterView,
} from './printing.js';

const tcpPrinter: PrinterView = {
  id: 'recibos',
  name: 'recibos',
  terminalId: 'T2',
  role: 'receipts',
  transport: 'tcp',
  host: '127.0.0.1',
  port: 9100,
  path: null,
  codepage: 'cp858',
  widthMm: 80,
  drawerPin: 2,
  drawerOnMs: 100,
  drawerOffMs: 500,
};

describe('printer form', () => {
  it('builds printer.configure for TCP with the default port and no drawer', () => {
    const r = printerConfigureInput({ ...EMPTY_PRINTER_FORM, id: ' recibos ', host: '192.168.1.50' });
    expect(r).toEqual({
      ok: true,
      input: { id: 'recibos', role: 'receipts', transport: 'tcp', host: '192.168.1.50', port: 9100, codepage: 'cp1252', widthMm: 80, drawerPin: null },
    });
  });
  it('builds it for a device file, 58 mm, PC858 and drawer pin 5, with a name', () => {
    const r = printerConfigureInput({
      ...EMPTY_PRINTER_FORM,
      id: 'guias',
      name: ' Guias balcão ',
      role: 'guias',
      transport: 'device',
      codepage: 'cp858',
      widthMm: '58',
      drawerPin: '5',
    });
    expect(r).toEqual({
      ok: true,
      input: { id: 'guias', name: 'Guias balcão', role: 'guias', transport: 'device', path: '/dev/usb/lp0', codepage: 'cp858', widthMm: 58, drawerPin: 5 },
    });
  });
  it('names the first wrong field', () => {
    expect(printerConfigureInput({ ...EMPTY_PRINTER_FORM, host: 'x' })).toEqual({ ok: false, field: 'id' });
    expect(printerConfigureInput({ ...EMPTY_PRINTER_FORM, id: 'p' })).toEqual({ ok: false, field: 'host' });
    expect(printerConfigureInput({ ...EMPTY_PRINTER_FORM, id: 'p', host: 'a b' })).toEqual({ ok: false, field: 'host' });
    for (const port of ['', '0', '65536', '9a']) {
      expect(printerConfigureInput({ ...EMPTY_PRINTER_FORM, id: 'p', host: 'h', port })).toEqual({ ok: false, field: 'port' });
    }
    expect(printerConfigureInput({ ...EMPTY_PRINTER_FORM, id: 'p', transport: 'device', path: ' ' })).toEqual({ ok: false, field: 'path' });
    expect(printerConfigureInput({ ...EMPTY_PRINTER_FORM, id: 'p', host: 'h', terminalId: 'Balcão 2' })).toEqual({ ok: false, field: 'terminalId' });
  });
  it("names another terminal's printer, and leaves the terminal out when the field is empty (the caller's own)", () => {
    const r = printerConfigureInput({ ...EMPTY_PRINTER_FORM, id: 'p', host: 'h', terminalId: ' T2 ' });
    expect(r.ok && r.input.terminalId).toBe('T2');
    const own = printerConfigureInput({ ...EMPTY_PRINTER_FORM, id: 'p', host: 'h' });
    expect(own.ok && 'terminalId' in own.input).toBe(false);
  });
  it('fills the form from a printer and gives the same printer back', () => {
    const form = formOfPrinter(tcpPrinter);
    expect(form).toMatchObject({ id: 'recibos', name: '', terminalId: 'T2', port: '9100', drawerPin: '2', widthMm: '80', codepage: 'cp858' });
    const r = printerConfigureInput(form);
    expect(r.ok && r.input).toEqual({ id: 'recibos', terminalId: 'T2', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9100, codepage: 'cp858', widthMm: 80, drawerPin: 2 });
  });
  it('shows the address', () => {
    expect(printerAddress(tcpPrinter)).toBe('127.0.0.1:9100');
    expect(printerAddress({ transport: 'device', host: null, port: null, path: '/dev/usb/lp1' })).toBe('/dev/usb/lp1');
  });
});

describe('printer status word', () => {
  const ok = { online: true, coverOpen: false, paperNearEnd: false, paperOut: false, error: null, errorCode: null, errorParams: null };
  it('says what stops the printer first', () => {
    expect(statusWord(ok)).toBe('ready');
    expect(statusWord({ ...ok, paperNearEnd: true })).toBe('paperNearEnd');
    expect(statusWord({ ...ok, online: false, paperOut: true, paperNearEnd: true })).toBe('paperOut');
    expect(statusWord({ ...ok, online: false, coverOpen: true })).toBe('coverOpen');
    expect(statusWord({ ...ok, online: false, error: 'ECONNREFUSED' })).toBe('offline');
  });
});

describe('jobs and files', () => {
  it('counts failed and pending jobs', () => {
    expect(jobCounts([{ state: 'failed' }, { state: 'pending' }, { state: 'printed' }, { state: 'failed' }])).toEqual({ failed: 2, pending: 1 });
    expect(jobCounts([])).toEqual({ failed: 0, pending: 0 });
  });
  it('decodes base64 to bytes', () => {
    expect(Array.from(base64ToBytes(btoa('%PDF-1.7')))).toEqual([...'%PDF-1.7'].map((c) => c.charCodeAt(0)));
    expect(Array.from(base64ToBytes('AP8='))).toEqual([0, 255]);
  });
  it('keeps a file name without folders or forbidden characters', () => {
    expect(safeFilename('acta-sessao-1.pdf', 'x.pdf')).toBe('acta-sessao-1.pdf');
    expect(safeFilename('../../etc/acta?.pdf', 'x.pdf')).toBe('acta_.pdf');
    expect(safeFilename('', 'x.pdf')).toBe('x.pdf');
    expect(safeFilename('..', 'x.pdf')).toBe('x.pdf');
  });
});

describe("a guia's two copies", () => {
  const job = (jobId: number, state: PrintJobView['state'], refId = 4, reprintOf: number | null = null): PrintJobView => ({
    jobId,
    createdAt: '2026-12-03T10:00:00.000Z',
    kind: 'guia',
    title: 'Guia',
    titleParams: null,
    printerId: 'balcao',
    state,
    attempts: 1,
    lastError: null,
    lastErrorCode: null,
    lastErrorParams: null,
    printedAt: null,
    reprintOf,
    refType: 'guia',
    refId,
    preview: [],
  });
  it('is the failed copy if one failed, else one still waiting, else printed; only this act’s copies count', () => {
    // Newest first, as print.jobs lists them: the copies 10-11, the payment's 14-15, a reprint 16, another guia's 12.
    const jobs = [job(16, 'failed', 4, 14), job(15, 'printed'), job(14, 'printed'), job(12, 'failed', 5), job(11, 'failed'), job(10, 'printed')];
    expect(guiaCopiesJob(jobs, 4, 10)?.jobId).toBe(11);
    expect(guiaCopiesJob(jobs, 4, 14)).toMatchObject({ jobId: 14, state: 'printed' });
    expect(guiaCopiesJob([job(15, 'pending'), job(14, 'printed')], 4, 14)).toMatchObject({ jobId: 15, state: 'pending' });
    expect(guiaCopiesJob(jobs, 4, null)).toBeUndefined();
    expect(guiaCopiesJob(undefined, 4, 10)).toBeUndefined();
    expect(guiaCopiesJob([], 4, 10)).toBeUndefined();
  });
});
