/**
 * printer.configure on a real SQLite file: a device printer only on a printer
 * or serial device, never a file (the database included); a code page that
 * cannot print the hall's saved texts is refused (issue 12); each refusal
 * changes nothing.
 */
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
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
      message: '"/tmp/recibos.txt" não é um dispositivo de impressora: indique uma porta de impressora ou série, como /dev/usb/lp0, /dev/lp0, /dev/ttyUSB0, /dev/ttyACM0, /dev/ttyS0, COM3, LPT1, /dev/cu.usbserial-1410.',
    });
    expect((await t.h.refused('printer.configure', device('/dev/usb/lp0/../../../tmp/x'), t.manager)).code).toBe('PRINTER_DEVICE_NOT_ALLOWED');
    expect(snapshot(t.h.kiosk)).toEqual(before);
  });

  it('takes a printer device', async () => {
    expect(await t.h.ok('printer.configure', device('/dev/usb/lp0'), t.manager)).toMatchObject({ id: 'balcao', transport: 'device', path: '/dev/usb/lp0' });
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
