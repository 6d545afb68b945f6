/**
 * What every printer transport (TCP 9100, device file) offers, and the one
 * error type they throw. Codes are stable: the print queue, the settings
 * screen and tests match on them. Messages are pt-PT by default, with an
 * English rendering, like core/errors.ts.
 */

export type Lang = 'pt-PT' | 'en';

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

export type PrinterErrorParams = Record<string, string | number>;
type Params = PrinterErrorParams;
type Message = (p: Params) => string;

/** " at 10.0.0.5:9100" / " 10.0.0.5:9100" when the address is known. */
const at = (p: Params, prefix = ''): string => (p.address === undefined || p.address === '' ? '' : ` ${prefix}${p.address}`);

const catalogue = {
  CONNECT_TIMEOUT: {
    pt: (p) => `A impressora${at(p)} não respondeu ao pedido de ligação em ${p.ms} ms.`,
    en: (p) => `The printer${at(p, 'at ')} did not answer the connection within ${p.ms} ms.`,
  },
  CONNECT_REFUSED: {
    pt: (p) => `A impressora${at(p)} recusou a ligação: está desligada ou o endereço está errado.`,
    en: (p) => `The printer${at(p, 'at ')} refused the connection: it is off or the address is wrong.`,
  },
  WRITE_TIMEOUT: {
    pt: (p) => `A impressora${at(p)} deixou de receber dados durante ${p.ms} ms: confirme no papel se o documento saiu antes de o reimprimir.`,
    en: (p) => `The printer${at(p, 'at ')} took no data for ${p.ms} ms: check the paper before reprinting.`,
  },
  CONNECTION_LOST: {
    pt: (p) => `A ligação à impressora${at(p)} caiu a meio do envio: o documento pode ter saído incompleto.`,
    en: (p) => `The connection to the printer${at(p, 'at ')} dropped during the job: the document may have printed in part.`,
  },
  DEVICE_ERROR: {
    pt: (p) => `Erro da impressora${at(p)}: ${p.reason}.`,
    en: (p) => `Printer error${at(p, 'at ')}: ${p.reason}.`,
  },
  STATUS_TIMEOUT: {
    pt: (p) => `A impressora${at(p)} não respondeu ao pedido de estado em ${p.ms} ms.`,
    en: (p) => `The printer${at(p, 'at ')} did not answer the status request within ${p.ms} ms.`,
  },
  PAPER_OUT: {
    pt: () => 'Impressora sem papel.',
    en: () => 'The printer is out of paper.',
  },
  COVER_OPEN: {
    pt: () => 'Tampa da impressora aberta.',
    en: () => 'The printer cover is open.',
  },
  OFFLINE: {
    pt: () => 'Impressora fora de linha (desligada ou em pausa).',
    en: () => 'The printer is offline (switched off or paused).',
  },
} satisfies Record<string, { pt: Message; en: Message }>;

export type PrinterErrorCode = keyof typeof catalogue;
export const PRINTER_ERROR_CODES = Object.keys(catalogue) as PrinterErrorCode[];

export function printerErrorMessage(code: PrinterErrorCode, params: Params = {}, lang: Lang = 'pt-PT'): string {
  const entry = catalogue[code];
  return (lang === 'en' ? entry.en : entry.pt)(params);
}

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
