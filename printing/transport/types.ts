/**
 * What every printer transport (TCP 9100, device file) offers, and the one
 * error type they throw. Codes are stable: the print queue, the settings
 * screen and tests match on them. Messages are pt-PT by default, with an
 * English rendering, like core/errors.ts; the catalogue is in
 * core/printing/printerErrors.ts, so that the screens can word them too.
 */
import type { Lang } from '../../core/catalogue.js';
import { printerErrorMessage, type PrinterErrorCode, type PrinterErrorParams } from '../../core/printing/printerErrors.js';

export type { Lang };

/** The printer's state as read with DLE EOT (see ./status.ts). */
export interface PrinterStatus {
  online: boolean;
  coverOpen: boolean;
  paperNearEnd: boolean;
  paperOut: boolean;
  /** The printer reports an error (DLE EOT 2, bit 6), in pt-PT. */
  error?: string;
  /**
   * True when the transport could not ask the printer (a device file without
   * a back channel): `online` is then assumed, not read.
   */
  unverified?: boolean;
}

export interface PrinterTransport {
  /** Deliver one job's bytes. Resolves once the printer has taken them all; rejects with a PrinterError. */
  send(bytes: Uint8Array): Promise<void>;
  /** Ask the printer for its state. Rejects with a PrinterError when it cannot be asked. */
  status(): Promise<PrinterStatus>;
  close?(): void;
}

export {
  deviceErrorParams,
  deviceErrorReason,
  isPrinterErrorCode,
  PRINTER_ERROR_CODES,
  printerErrorMessage,
  type DeviceErrorReasonCode,
  type PrinterErrorCode,
  type PrinterErrorParams,
} from '../../core/printing/printerErrors.js';
type Params = PrinterErrorParams;

export class PrinterError extends Error {
  readonly code: PrinterErrorCode;
  readonly params: Params;
  /**
   * Some or all of the job's bytes may have reached the printer, so it may
   * have printed (a write timeout, a dropped connection). False when nothing
   * was sent (no connection, status refused). A queue that retries such a job
   * should print it as a reprint, never silently as the original.
   */
  readonly maybeDelivered: boolean;
  constructor(code: PrinterErrorCode, params: Params = {}, opts: { maybeDelivered?: boolean; cause?: unknown } = {}) {
    super(printerErrorMessage(code, params), opts.cause === undefined ? undefined : { cause: opts.cause });
    this.name = 'PrinterError';
    this.code = code;
    this.params = params;
    this.maybeDelivered = opts.maybeDelivered ?? false;
  }
  /** The message in another language. */
  messageIn(lang: Lang): string {
    return printerErrorMessage(this.code, this.params, lang);
  }
}

export function isPrinterError(e: unknown, code?: PrinterErrorCode): e is PrinterError {
  return e instanceof PrinterError && (code === undefined || e.code === code);
}
