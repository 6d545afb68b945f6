/**
 * printer.configure on a real SQLite file: a device printer only on a printer
 * or serial device, never a file (the database included); each refusal
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
