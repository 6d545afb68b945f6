import { describe, expect, it } from 'vitest';
import { isPrinterDevicePath, isWindowsDeviceName, printerDeviceExamples, systemName } from './devices.js';

describe('printer device paths', () => {
  it('accepts the printer and serial device files of Linux and macOS there', () => {
    for (const platform of ['linux', 'darwin']) {
      for (const p of [...printerDeviceExamples(platform), '/dev/usb/lp12', '/dev/ttyS3']) expect([platform, p, isPrinterDevicePath(p, platform)]).toEqual([platform, p, true]);
    }
  });

  it("accepts Windows' port names on Windows only: on Linux `COM7` is a file in the working folder (issue 21)", () => {
    for (const p of [...printerDeviceExamples('win32'), 'com1', '\\\\.\\COM12', 'COM256', 'LPT1']) {
      expect([p, isWindowsDeviceName(p), isPrinterDevicePath(p, 'win32'), isPrinterDevicePath(p, 'linux'), isPrinterDevicePath(p, 'darwin')]).toEqual([p, true, true, false, false]);
    }
    // And no device file on Windows.
    for (const p of printerDeviceExamples('linux')) expect([p, isPrinterDevicePath(p, 'win32')]).toEqual([p, false]);
  });

  it('refuses files, the data folder, traversal and look-alikes on every platform', () => {
    for (const platform of ['linux', 'darwin', 'win32']) {
      for (const p of [
        '/var/lib/kiosk/kiosk.sqlite',
        '/tmp/receipts.txt',
        './COM7',
        'COM7.txt',
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
        expect([platform, p, isPrinterDevicePath(p, platform)]).toEqual([platform, p, false]);
      }
    }
  });

  it('names the systems', () => {
    expect(['win32', 'linux', 'darwin', 'aix'].map(systemName)).toEqual(['Windows', 'Linux', 'macOS', 'aix']);
  });
});
