/**
 * The printer transports' failures (printing/transport/types.ts throws them
 * as PrinterError): stable codes and their messages in each language. Pure
 * data, here in core/ so that the screens word a stored failure in the
 * operator's language from its code and parameters.
 */
import type { Lang, Params } from '../catalogue.js';
import { systemName } from './devices.js';

export type PrinterErrorParams = Params;
type Message = (p: Params) => string;

/** " at 10.0.0.5:9100" / " 10.0.0.5:9100" when the address is known. */
const at = (p: Params, prefix = ''): string => (p.address === undefined || p.address === '' ? '' : ` ${prefix}${p.address}`);

/**
 * Why a DEVICE_ERROR happened, when our own code knows (its `reasonCode`
 * parameter). Otherwise its `reason` is shown as the system gave it (an errno
 * such as ECONNRESET, or the system's own text).
 */
const DEVICE_ERROR_REASONS = {
  EACCES: {
    pt: () => 'sem permissão para escrever no dispositivo (o utilizador tem de pertencer ao grupo lp)',
    en: () => 'no permission to write to the device (the user must belong to the lp group)',
  },
  EPERM: {
    pt: () => 'sem permissão para escrever no dispositivo',
    en: () => 'no permission to write to the device',
  },
  EBUSY: {
    pt: () => 'dispositivo ocupado por outro programa',
    en: () => 'the device is in use by another program',
  },
  EISDIR: {
    pt: () => 'o caminho indicado é uma pasta',
    en: () => 'the path given is a folder',
  },
  EIO: {
    pt: () => 'erro de entrada/saída no dispositivo',
    en: () => 'input/output error on the device',
  },
  /** A printer saved with a path that is no printer device on this system (`platform`): nothing is opened, nothing sent. */
  NOT_A_DEVICE: {
    pt: (p) => `o caminho não é um dispositivo de impressora em ${systemName(String(p.platform))}, e nada foi enviado: configure a impressora com o seu dispositivo`,
    en: (p) => `the path is not a printer device on ${systemName(String(p.platform))}, and nothing was sent: configure the printer with its device`,
  },
  /** An answer to DLE EOT `request` that is not one (`byte` in hex). */
  STATUS_REPLY_INVALID: {
    pt: (p) => `resposta inválida ao pedido de estado DLE EOT ${p.request} (0x${p.byte})`,
    en: (p) => `invalid answer to the status request DLE EOT ${p.request} (0x${p.byte})`,
  },
  /** DLE EOT 2, bit 6. */
  PRINTER_REPORTED: {
    pt: () => 'A impressora assinala um erro (ex.: guilhotina encravada)',
    en: () => 'the printer reports an error (e.g. a jammed cutter)',
  },
  UNKNOWN: {
    pt: () => 'erro desconhecido',
    en: () => 'unknown error',
  },
} satisfies Record<string, { pt: Message; en: Message }>;

export type DeviceErrorReasonCode = keyof typeof DEVICE_ERROR_REASONS;

function isReasonCode(code: unknown): code is DeviceErrorReasonCode {
  return typeof code === 'string' && Object.hasOwn(DEVICE_ERROR_REASONS, code);
}

/** The reason of a DEVICE_ERROR in a language: from its `reasonCode` when known, else its `reason` as given. */
export function deviceErrorReason(p: Params, lang: Lang = 'pt-PT'): string {
  if (isReasonCode(p.reasonCode)) {
    const entry = DEVICE_ERROR_REASONS[p.reasonCode];
    return (lang === 'en' ? entry.en : entry.pt)(p);
  }
  return String(p.reason);
}

/** The parameters of a DEVICE_ERROR whose reason our code knows: its code (each language words it), no text. */
export function deviceErrorParams(reasonCode: DeviceErrorReasonCode, params: Params = {}): Params {
  return { ...params, reasonCode };
}

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
    pt: (p) => `Erro da impressora${at(p)}: ${deviceErrorReason(p, 'pt-PT')}.`,
    en: (p) => `Printer error${at(p, 'at ')}: ${deviceErrorReason(p, 'en')}.`,
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

export function isPrinterErrorCode(code: unknown): code is PrinterErrorCode {
  return typeof code === 'string' && Object.hasOwn(catalogue, code);
}

export function printerErrorMessage(code: PrinterErrorCode, params: Params = {}, lang: Lang = 'pt-PT'): string {
  const entry = catalogue[code];
  return (lang === 'en' ? entry.en : entry.pt)(params);
}
