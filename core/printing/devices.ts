/**
 * The device paths a receipt printer may be configured on (issue 12): the
 * kernel's printer and serial devices, and their Windows and macOS names.
 * Anything else (a regular file, the database, a path with `..`) is refused,
 * so that no configuration can make the print queue write into a file.
 */

/** What each allowed pattern is, as shown to the manager. */
export const PRINTER_DEVICE_EXAMPLES = ['/dev/usb/lp0', '/dev/lp0', '/dev/ttyUSB0', '/dev/ttyACM0', '/dev/ttyS0', 'COM3', 'LPT1', '/dev/cu.usbserial-1410'] as const;

const PATTERNS: readonly RegExp[] = [
  /^\/dev\/usb\/lp\d{1,3}$/,
  /^\/dev\/lp\d{1,3}$/,
  /^\/dev\/tty(USB|ACM|S)\d{1,3}$/,
  /^\/dev\/cu\.[A-Za-z0-9_-]{1,64}$/,
  /^(\\\\\.\\)?COM([1-9]|[1-9]\d|1\d\d|2[0-4]\d|25[0-6])$/i,
  /^LPT[1-9]$/i,
];

export function isPrinterDevicePath(path: string): boolean {
  return PATTERNS.some((p) => p.test(path));
}
