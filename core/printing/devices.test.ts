import { describe, expect, it } from 'vitest';
import { isPrinterDevicePath, PRINTER_DEVICE_EXAMPLES } from './devices.js';

describe('printer device paths', () => {
  it('accepts the printer and serial devices of Linux, Windows and macOS', () => {
    for (const p of [...PRINTER_DEVICE_EXAMPLES, '/dev/usb/lp12', '/dev/ttyS3', 'com1', '\\\\.\\COM12', 'COM256']) expect([p, isPrinterDevicePath(p)]).toEqual([p, true]);
  });

  it('refuses files, the data folder, traversal and look-alikes', () => {
    for (const p of [
      '/var/lib/kiosk/kiosk.sqlite',
      '/tmp/receipts.txt',
      '/dev/usb/lp0/../../etc/passwd',
      '/dev/usb/../sda',
      '/dev/sda',
      '/dev/null',
      '/dev/usb/lp',
      '/dev/usb/lp0 ',
      'COM0',
      'COM257',
      'C:\\kiosk\\kiosk.sqlite',
      'LPT0',
      '/dev/cu.',
      '',
    ]) {
      expect([p, isPrinterDevicePath(p)]).toEqual([p, false]);
    }
  });
});
