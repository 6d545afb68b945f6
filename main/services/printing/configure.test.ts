/**
 * printer.configure on a real SQLite file: a device printer only on a printer
 * or serial device, never a file (the database included); a code page that
 * cannot print the hall's saved texts is refused (issue 12); each refusal
 * changes nothing.
 */
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { errorMessage, printJobErrorMessage } from '../../../core/errors.js';
import { jobById, savePrinter } from '../../../db/printing.js';
import { createTestHall, type TestHall } from '../../../test/fixtures/faces.js';
import { snapshot } from '../../../test/harness.js';

let t: TestHall;
beforeEach(async () => {
  t = await createTestHall();
});
afterEach(() => t.h.close());

const device = (path: string) => ({ id: 'balcao', role: 'receipts', transport: 'device', path, codepage: 'cp858', widthMm: 80 }) as const;

describe('printer.configure', () => {
  it('refuses a device path that is a file, the database above all, naming the devices it takes', async () => {
    const before = snapshot(t.h.kiosk);
    expect(await t.h.refused('printer.configure', device(join(t.h.kiosk.dataDir, 'kiosk.sqlite')), t.manager)).toMatchObject({ code: 'PRINTER_DEVICE_NOT_ALLOWED' });
    expect(await t.h.refused('printer.configure', device('/tmp/recibos.txt'), t.manager)).toEqual({
      code: 'PRINTER_DEVICE_NOT_ALLOWED',
      message: '"/tmp/recibos.txt" não é um dispositivo de impressora: indique uma porta de impressora ou série, como /dev/usb/lp0, /dev/lp0, /dev/ttyUSB0, /dev/ttyACM0, /dev/ttyS0, /dev/cu.usbserial-1410.',
    });
    expect((await t.h.refused('printer.configure', device('/dev/usb/lp0/../../../tmp/x'), t.manager)).code).toBe('PRINTER_DEVICE_NOT_ALLOWED');
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('takes a printer device', async () => {
    expect(await t.h.ok('printer.configure', device('/dev/usb/lp0'), t.manager)).toMatchObject({ id: 'balcao', transport: 'device', path: '/dev/usb/lp0' });
  });
});

describe("printer.configure takes Windows' port names on Windows only (issue 21)", () => {
  const LINUX_DEVICES = '/dev/usb/lp0, /dev/lp0, /dev/ttyUSB0, /dev/ttyACM0, /dev/ttyS0, /dev/cu.usbserial-1410';

  it('on Linux COM7, LPT1 and \\\\.\\COM3 are refused in words (there they are files in the working folder), and nothing changes', async () => {
    const linux = await createTestHall({ platform: 'linux' });
    try {
      const before = snapshot(linux.h.kiosk);
      const refusal = await linux.h.refused('printer.configure', device('COM7'), linux.manager);
      expect(refusal).toEqual({
        code: 'PRINTER_DEVICE_WINDOWS_NAME',
        message: `"COM7" é o nome de uma porta em Windows, mas este quiosque corre em Linux, onde seria um ficheiro na pasta de trabalho e não uma impressora: indique o dispositivo da impressora, como ${LINUX_DEVICES}.`,
      });
      expect(errorMessage('PRINTER_DEVICE_WINDOWS_NAME', { path: 'COM7', platform: 'linux', examples: LINUX_DEVICES }, 'en')).toBe(
        `"COM7" is a Windows port name, but this kiosk runs on Linux, where it would be a file in the working folder, not a printer: give the printer's device, such as ${LINUX_DEVICES}.`,
      );
      for (const path of ['LPT1', '\\\\.\\COM3', 'com12']) expect((await linux.h.refused('printer.configure', device(path), linux.manager)).code).toBe('PRINTER_DEVICE_WINDOWS_NAME');
      expect((await linux.h.refused('printer.configure', device('./COM7'), linux.manager)).code).toBe('PRINTER_DEVICE_NOT_ALLOWED');
      expect(snapshot(linux.h.kiosk)).toEqual(before);
      expect(await linux.h.ok('printer.configure', device('/dev/ttyUSB0'), linux.manager)).toMatchObject({ path: '/dev/ttyUSB0' });
    } finally {
      linux.h.close();
    }
  });

  it('on Windows the port names are taken and a device file is refused', async () => {
    const windows = await createTestHall({ platform: 'win32' });
    try {
      const before = snapshot(windows.h.kiosk);
      expect(await windows.h.refused('printer.configure', device('/dev/usb/lp0'), windows.manager)).toEqual({
        code: 'PRINTER_DEVICE_NOT_ALLOWED',
        message: '"/dev/usb/lp0" não é um dispositivo de impressora: indique uma porta de impressora ou série, como COM3, LPT1, \\\\.\\COM10.',
      });
      expect(snapshot(windows.h.kiosk)).toEqual(before);
      expect(await windows.h.ok('printer.configure', device('COM7'), windows.manager)).toMatchObject({ path: 'COM7' });
      expect(await windows.h.ok('printer.configure', device('\\\\.\\COM3'), windows.manager)).toMatchObject({ path: '\\\\.\\COM3' });
    } finally {
      windows.h.close();
    }
  });

  it('a printer saved on COM7 before the check: on Linux its test page fails in words and ./COM7 in the working folder stays empty', async () => {
    const cwd = process.cwd();
    const folder = mkdtempSync(join(tmpdir(), 'kiosk-cwd-'));
    const linux = await createTestHall({ platform: 'linux', printRetryDelaysMs: [] });
    try {
      process.chdir(folder);
      // The regular file the device transport would have appended the page to (it opens without O_CREAT).
      writeFileSync('COM7', '');
      savePrinter(linux.h.kiosk.db, {
        id: 'balcao', name: 'balcao', terminalId: 'T1', role: 'receipts', transport: 'device', host: null, port: null, path: 'COM7',
        codepage: 'cp858', widthMm: 80, drawerPin: null, drawerOnMs: 100, drawerOffMs: 500, at: '2026-11-30T20:00:00.000Z',
      });
      const job = await linux.h.ok('printer.test', { id: 'balcao' }, linux.manager);
      let row = jobById(linux.h.kiosk.db, job.jobId)!;
      for (let i = 0; i < 500 && row.state === 'pending'; i++) {
        await new Promise((r) => setTimeout(r, 20));
        row = jobById(linux.h.kiosk.db, job.jobId)!;
      }
      expect(row).toMatchObject({ state: 'failed', lastErrorCode: 'DEVICE_ERROR' });
      const params = JSON.parse(row.lastErrorParams!) as Record<string, string>;
      expect(params).toEqual({ address: 'COM7', platform: 'linux', reasonCode: 'NOT_A_DEVICE' });
      expect(row.lastError).toBe('Erro da impressora COM7: o caminho não é um dispositivo de impressora em Linux, e nada foi enviado: configure a impressora com o seu dispositivo.');
      expect(printJobErrorMessage(row.lastErrorCode, params, 'en', 'Europe/Lisbon')).toBe(
        'Printer error at COM7: the path is not a printer device on Linux, and nothing was sent: configure the printer with its device.',
      );
      // printer.status does not open it either.
      expect(await linux.h.ok('printer.status', { id: 'balcao' }, linux.manager)).toMatchObject({
        online: false,
        errorCode: 'DEVICE_ERROR',
        errorParams: { address: 'COM7', platform: 'linux', reasonCode: 'NOT_A_DEVICE' },
      });
      expect(readFileSync(join(folder, 'COM7'), 'utf8')).toBe('');
    } finally {
      process.chdir(cwd);
      linux.h.close();
      rmSync(folder, { recursive: true, force: true });
    }
  });
});

describe('printer.configure refuses a code page that cannot print the hall\'s saved texts', () => {
  const tcp = (codepage: 'cp1252' | 'cp858', name?: string) =>
    ({ id: 'balcao', ...(name ? { name } : {}), role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: 9100, codepage, widthMm: 80 }) as const;

  it('a hall name saved before any printer, with a dash PC858 lacks: PC858 refused, WPC1252 taken', async () => {
    // With no printer configured there is nothing to check it against.
    await t.h.ok('settings.update', { hallName: 'Bingo – Estrela' }, t.manager);
    const before = snapshot(t.h.kiosk);
    expect(await t.h.refused('printer.configure', tcp('cp858'), t.manager)).toEqual({
      code: 'TEXT_NOT_PRINTABLE',
      message:
        'O nome da sala ("Bingo – Estrela") tem um carácter que a impressora balcao (página de código cp858) não imprime: \'–\' (U+2013). ' +
        'Nada foi alterado: retire ou substitua esse carácter, ou configure a impressora com uma página de código que o tenha.',
      details: { field: 'hallName', subject: null, printerId: 'balcao', codepage: 'cp858', chars: ['–'] },
    });
    expect(snapshot(t.h.kiosk)).toEqual(before);
    expect(await t.h.ok('printer.list', {}, t.manager)).toEqual([]);
    expect(await t.h.ok('printer.configure', tcp('cp1252'), t.manager)).toMatchObject({ id: 'balcao', codepage: 'cp1252' });
    // Changing that printer to PC858 later is refused the same way, and it keeps WPC1252.
    expect((await t.h.refused('printer.configure', tcp('cp858'), t.manager)).code).toBe('TEXT_NOT_PRINTABLE');
    expect((await t.h.ok('printer.list', {}, t.manager)).map((p) => p.codepage)).toEqual(['cp1252']);
  });

  it('an operator\'s name saved before any printer is named with whose it is', async () => {
    const admin = await t.h.login('admin', '1111');
    await t.h.ok('users.create', { username: 'ze', name: 'Zé 😀', roles: ['cashier'], pin: '5555' }, admin);
    const before = snapshot(t.h.kiosk);
    const error = await t.h.refused('printer.configure', tcp('cp1252'), t.manager);
    expect(error.code).toBe('TEXT_NOT_PRINTABLE');
    expect(error.message).toMatch(/^O nome do operador ze \("Zé 😀"\) tem um carácter que a impressora balcao \(página de código cp1252\) não imprime: '😀' \(U\+1F600\)\./);
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('a machine\'s location saved before any printer is named with the machine\'s number', async () => {
    await t.h.ok('machine.register', { number: '7', model: 'Lucky 7', betCents: 50, location: 'Entrada – Norte' }, t.manager);
    const before = snapshot(t.h.kiosk);
    const error = await t.h.refused('printer.configure', tcp('cp858'), t.manager);
    expect(error.code).toBe('TEXT_NOT_PRINTABLE');
    expect(error.message).toMatch(/^A localização da máquina 7 \("Entrada – Norte"\) tem um carácter que a impressora balcao \(página de código cp858\) não imprime: '–' \(U\+2013\)\./);
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('the printer\'s own name, printed on its test page', async () => {
    const before = snapshot(t.h.kiosk);
    const error = await t.h.refused('printer.configure', tcp('cp858', 'Balcão “1”'), t.manager);
    expect(error.code).toBe('TEXT_NOT_PRINTABLE');
    expect(error.message).toContain('O nome da impressora ("Balcão “1”") tem caracteres que a impressora balcao (página de código cp858) não imprime: \'“\' (U+201C), \'”\' (U+201D).');
    expect(snapshot(t.h.kiosk)).toEqual(before);
    expect(await t.h.ok('printer.configure', tcp('cp858', 'Balcão 1'), t.manager)).toMatchObject({ name: 'Balcão 1' });
  });
});
