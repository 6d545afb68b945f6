import type { PrinterProfile } from './layout.js';

/** A configured printer's settings, as the documents need them (code page, paper, drawer kick). */
export function printerProfile(printer: {
  codepage: PrinterProfile['codepage'];
  widthMm: PrinterProfile['widthMm'];
  drawerPin: 2 | 5 | null;
  drawerOnMs: number;
  drawerOffMs: number;
}): PrinterProfile {
  return {
    codepage: printer.codepage,
    widthMm: printer.widthMm,
    ...(printer.drawerPin ? { drawer: { pin: printer.drawerPin, onMs: printer.drawerOnMs, offMs: printer.drawerOffMs } } : {}),
  };
}
