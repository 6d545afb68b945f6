/**
 * The device paths a receipt printer may be configured on (issues 12 and 21):
 * on Windows its port names (`COM3`, `LPT1`, `\\.\COM10`), elsewhere the
 * kernel's printer and serial device files under /dev (and macOS's `cu.`
 * devices). Anything else (a regular file, the database, a path with `..`,
 * a Windows name on Linux, where `COM7` is a file in the working folder) is
 * refused, so that no configuration can make the print queue write into a file.
 * The platform is process.platform's value, passed in (tests inject another).
 */

const WINDOWS: readonly RegExp[] = [/^(\\\\\.\\)?COM([1-9]|[1-9]\d|1\d\d|2[0-4]\d|25[0-6])$/i, /^LPT[1-9]$/i];

const DEVICE_FILES: readonly RegExp[] = [
  /^\/dev\/usb\/lp\d{1,3}$/,
  /^\/dev\/lp\d{1,3}$/,
  /^\/dev\/tty(USB|ACM|S)\d{1,3}$/,
  /^\/dev\/cu\.[A-Za-z0-9_-]{1,64}$/,
];

/** Whether the kiosk runs on Windows (process.platform 'win32'), where printers have port names instead of device files. */
export const isWindows = (platform: string): boolean => platform === 'win32';

/** What each allowed pattern is on a platform, as shown to the manager. */
export function printerDeviceExamples(platform: string): readonly string[] {
  return isWindows(platform) ? ['COM3', 'LPT1', '\\\\.\\COM10'] : ['/dev/usb/lp0', '/dev/lp0', '/dev/ttyUSB0', '/dev/ttyACM0', '/dev/ttyS0', '/dev/cu.usbserial-1410'];
}

/** A Windows port name (`COM7`, `LPT1`, `\\.\COM3`), whatever the platform. */
export function isWindowsDeviceName(path: string): boolean {
  return WINDOWS.some((p) => p.test(path));
}

/** A printer device on this platform: a Windows port name only on Windows, a device file under /dev only elsewhere. */
export function isPrinterDevicePath(path: string, platform: string): boolean {
  return (isWindows(platform) ? WINDOWS : DEVICE_FILES).some((p) => p.test(path));
}

/** The platform as the hall names it (process.platform's codes otherwise). */
export function systemName(platform: string): string {
  return { win32: 'Windows', linux: 'Linux', darwin: 'macOS', freebsd: 'FreeBSD' }[platform] ?? platform;
}
