/**
 * Printer status over ESC/POS real-time commands (DLE EOT n = 10 04 n).
 *
 * The printer answers each request with one byte, at once, even while it is
 * offline or busy. Every answer has bit 0 = 0, bit 1 = 1, bit 4 = 1 and
 * bit 7 = 0 (so a plain byte is 0x12); the other bits mean, per the Epson
 * ESC/POS reference:
 *
 *   n = 1 printer status   bit 2 drawer connector pin 3 high, bit 3 offline,
 *                          bit 5 waiting for online recovery, bit 6 feed button pressed
 *   n = 2 offline cause    bit 2 cover open, bit 3 paper fed by the feed button,
 *                          bit 5 printing stopped by paper end, bit 6 an error occurred
 *   n = 3 error cause      bit 2 recoverable error, bit 3 autocutter error,
 *                          bit 5 unrecoverable error, bit 6 auto-recoverable error
 *   n = 4 roll paper sensor bits 2-3 paper near end, bits 5-6 paper end
 *                          (the spec sets each pair together; either bit counts here)
 */

import { deviceErrorParams, deviceErrorReason, isPrinterError, PrinterError, type PrinterErrorParams, type PrinterStatus, type PrinterTransport } from './types.js';

export const DLE = 0x10;
export const EOT = 0x04;

/** DLE EOT 1, DLE EOT 2, DLE EOT 4: answered with three bytes in that order. */
export const STATUS_REQUEST: Uint8Array = Uint8Array.of(DLE, EOT, 1, DLE, EOT, 2, DLE, EOT, 4);

const STATUS_BITS = {
  /** n = 1 */
  offline: 0x08,
  /** n = 2 */
  coverOpen: 0x04,
  paperEndStop: 0x20,
  error: 0x40,
  /** n = 4 */
  nearEnd: 0x0c,
  paperEnd: 0x60,
} as const;

/** The bits every DLE EOT answer carries (0x12) and the mask that checks them. */
const STATUS_FIXED = 0x12;
const FIXED_MASK = 0x93;

export function isStatusByte(b: number): boolean {
  return Number.isInteger(b) && b >= 0 && b <= 0xff && (b & FIXED_MASK) === STATUS_FIXED;
}

export const PRINTER_REPORTED_ERROR = `${deviceErrorReason({ reasonCode: 'PRINTER_REPORTED' })}.`;

/** The DEVICE_ERROR parameters of a status's `error` (with its reason's code when it is the one DLE EOT reports). */
function reportedErrorParams(error: string): PrinterErrorParams {
  return error === PRINTER_REPORTED_ERROR ? deviceErrorParams('PRINTER_REPORTED') : { reason: error.replace(/\.$/, '') };
}

/** A printer's state as the screens are told it (printer.status): its flags, and its error worded and coded. */
export interface StatusAnswer {
  online: boolean;
  coverOpen: boolean;
  paperNearEnd: boolean;
  paperOut: boolean;
  error: string | null;
  errorCode: string | null;
  errorParams: Record<string, string | number> | null;
}

/**
 * Asks a printer its state and words the answer; a printer that cannot be
 * reached answers offline with its transport's error (the hall's screens and
 * a counter's alike: the counter asks its own printers itself).
 */
export async function askStatus(ask: () => Promise<Pick<PrinterStatus, 'online' | 'coverOpen' | 'paperNearEnd' | 'paperOut'> & { error?: string | null }>): Promise<StatusAnswer> {
  try {
    const s = await ask();
    const error = s.error ?? null;
    // The printer's own error bit words as the DEVICE_ERROR a job would fail with.
    const coded = error === null ? { errorCode: null, errorParams: null } : { errorCode: 'DEVICE_ERROR', errorParams: { ...reportedErrorParams(error) } };
    return { online: s.online, coverOpen: s.coverOpen, paperNearEnd: s.paperNearEnd, paperOut: s.paperOut, error, ...coded };
  } catch (e) {
    if (!isPrinterError(e)) throw e;
    return { online: false, coverOpen: false, paperNearEnd: false, paperOut: false, error: e.message, errorCode: e.code, errorParams: { ...e.params } };
  }
}

/**
 * The answers to DLE EOT 1, 2 and 4 as a PrinterStatus. Throws a
 * PrinterError DEVICE_ERROR when a byte is not a DLE EOT answer (a device
 * that does not speak ESC/POS, or a back channel out of step).
 */
export function parseStatusBytes(b1: number, b2: number, b4: number): PrinterStatus {
  for (const [n, b] of [[1, b1], [2, b2], [4, b4]] as const) {
    if (!isStatusByte(b)) {
      throw new PrinterError('DEVICE_ERROR', deviceErrorParams('STATUS_REPLY_INVALID', { request: n, byte: hex(b) }));
    }
  }
  const status: PrinterStatus = {
    online: (b1 & STATUS_BITS.offline) === 0,
    coverOpen: (b2 & STATUS_BITS.coverOpen) !== 0,
    paperNearEnd: (b4 & STATUS_BITS.nearEnd) !== 0,
    paperOut: (b2 & STATUS_BITS.paperEndStop) !== 0 || (b4 & STATUS_BITS.paperEnd) !== 0,
  };
  if ((b2 & STATUS_BITS.error) !== 0) status.error = PRINTER_REPORTED_ERROR;
  return status;
}

/**
 * The error that stops a job on this status, or null when the printer can
 * print (a paper near end only warns). Cover first: with the cover open the
 * paper sensor reads nothing useful.
 */
export function statusError(status: PrinterStatus, address?: string): PrinterError | null {
  const params: Record<string, string> = address === undefined ? {} : { address };
  if (status.coverOpen) return new PrinterError('COVER_OPEN', params);
  if (status.paperOut) return new PrinterError('PAPER_OUT', params);
  if (status.error !== undefined) return new PrinterError('DEVICE_ERROR', { ...params, ...reportedErrorParams(status.error) });
  if (!status.online) return new PrinterError('OFFLINE', params);
  return null;
}

interface StatusCheckOptions {
  /**
   * When the printer does not answer the status request (STATUS_TIMEOUT, or
   * an answer that is not ESC/POS) the job is sent anyway by default, since
   * some print servers are one-way; set true to refuse instead.
   */
  requireStatus?: boolean;
}

/**
 * Ask for the status, refuse the job with COVER_OPEN / PAPER_OUT /
 * DEVICE_ERROR / OFFLINE when the printer cannot print, otherwise send it.
 * Resolves with the status read (null when the printer did not answer), so a
 * paper near end can be shown to the operator. Connection errors from the
 * status request are thrown as they are: nothing was sent.
 */
export async function sendWithStatusCheck(
  transport: PrinterTransport,
  bytes: Uint8Array,
  opts: StatusCheckOptions = {},
): Promise<PrinterStatus | null> {
  let status: PrinterStatus | null = null;
  try {
    status = await transport.status();
  } catch (e) {
    const unanswered = e instanceof PrinterError && (e.code === 'STATUS_TIMEOUT' || e.code === 'DEVICE_ERROR');
    if (!unanswered || opts.requireStatus === true) throw e;
  }
  if (status !== null) {
    const refusal = statusError(status);
    if (refusal !== null) throw refusal;
  }
  await transport.send(bytes);
  return status;
}

function hex(b: number): string {
  return Number.isInteger(b) && b >= 0 ? b.toString(16).padStart(2, '0') : String(b);
}
