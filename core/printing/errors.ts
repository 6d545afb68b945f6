/** Refusals of the printing domain: printers and print jobs. */
import { errors, type Params } from '../catalogue.js';
import { systemName } from './devices.js';

/**
 * The texts that go on paper (saved, or typed for one document), as a refusal names them in each language
 * (the key is the parameter, so that no Portuguese text is passed as data).
 */
const PRINTED_FIELDS = {
  hallName: { pt: 'O nome da sala', en: 'The hall name' },
  licence: { pt: 'A licença', en: 'The licence' },
  operatorName: { pt: 'O nome do operador', en: 'The name of operator' },
  printerName: { pt: 'O nome da impressora', en: 'The printer name' },
  machineModel: { pt: 'O modelo da máquina', en: 'The model of machine' },
  machineLocation: { pt: 'A localização da máquina', en: 'The location of machine' },
  // Typed per action, not saved for later documents: checked against the printer the document goes to.
  chequeBank: { pt: 'O banco do cheque', en: 'The bank of cheque' },
} as const;

export type PrintedField = keyof typeof PRINTED_FIELDS;

/** `O nome do operador caixa1 ("Zé 😀")`: the field, whose it is, and the text. */
function printedText(p: Params, lang: 'pt' | 'en'): string {
  const field = PRINTED_FIELDS[p.field as PrintedField]?.[lang] ?? String(p.field);
  const subject = p.subject === undefined || p.subject === '' ? '' : ` ${p.subject}`;
  return `${field}${subject} ("${p.text}")`;
}

const several = (p: Params) => typeof p.count === 'number' && p.count > 1;

export const printingErrors = errors({
  PRINTER_NOT_FOUND: {
    pt: (p) => `A impressora ${p.id} não está configurada.`,
    en: (p) => `Printer ${p.id} is not configured.`,
  },
  PRINTER_DEVICE_NOT_ALLOWED: {
    pt: (p) => `"${p.path}" não é um dispositivo de impressora: indique uma porta de impressora ou série, como ${p.examples}.`,
    en: (p) => `"${p.path}" is not a printer device: give a printer or serial port, such as ${p.examples}.`,
  },
  // `platform`: process.platform's code of the system the kiosk runs on; `path` a Windows port name, which there is a file in the working folder.
  PRINTER_DEVICE_WINDOWS_NAME: {
    pt: (p) =>
      `"${p.path}" é o nome de uma porta em Windows, mas este quiosque corre em ${systemName(String(p.platform))}, onde seria um ficheiro na pasta de trabalho e não uma impressora: indique o dispositivo da impressora, como ${p.examples}.`,
    en: (p) =>
      `"${p.path}" is a Windows port name, but this kiosk runs on ${systemName(String(p.platform))}, where it would be a file in the working folder, not a printer: give the printer's device, such as ${p.examples}.`,
  },
  // p.transport: 'tcp' (host and port missing) or 'device' (the device's path missing).
  PRINTER_ADDRESS_INVALID: {
    pt: (p) => `Endereço da impressora em falta: ${p.transport === 'device' ? 'indique o dispositivo (por exemplo /dev/usb/lp0)' : 'indique o endereço e a porta (TCP, normalmente 9100)'}.`,
    en: (p) => `Printer address missing: ${p.transport === 'device' ? 'give the device (for example /dev/usb/lp0)' : 'give the address and the port (TCP, usually 9100)'}.`,
  },
  PRINTER_ROLE_TAKEN: {
    pt: (p) => `O terminal ${p.terminal} já tem uma impressora para ${p.role} (${p.id}): altere essa ou escolha outra função.`,
    en: (p) => `Terminal ${p.terminal} already has a printer for ${p.role} (${p.id}): change that one or pick another role.`,
  },
  // Refused when saved (settings, operators, machines, printers) or typed for a document (a cheque's bank): a receipt carrying the text would fail to print.
  TEXT_NOT_PRINTABLE: {
    pt: (p) =>
      `${printedText(p, 'pt')} tem ${several(p) ? 'caracteres' : 'um carácter'} que a impressora ${p.printer} (página de código ${p.codepage}) não imprime: ${p.chars}. ` +
      `Nada foi alterado: retire ou substitua ${several(p) ? 'esses caracteres' : 'esse carácter'}, ou configure a impressora com uma página de código que ${several(p) ? 'os' : 'o'} tenha.`,
    en: (p) =>
      `${printedText(p, 'en')} has ${several(p) ? 'characters' : 'a character'} that printer ${p.printer} (code page ${p.codepage}) cannot print: ${p.chars}. ` +
      `Nothing was changed: remove or replace ${several(p) ? 'them' : 'it'}, or configure the printer with a code page that has ${several(p) ? 'them' : 'it'}.`,
  },
  // A document's character the printer's code page lacks (printing/escpos.ts): the job fails instead of printing '?'.
  PRINT_UNPRINTABLE_CHARACTER: {
    pt: (p) =>
      `O carácter '${p.char}' (${p.codePoint}) não pode ser impresso com a página de código ${p.codepage}: bloco ${p.block}, posição ${p.position} em "${p.text}".`,
    en: (p) => `The character '${p.char}' (${p.codePoint}) cannot be printed with code page ${p.codepage}: block ${p.block}, position ${p.position} in "${p.text}".`,
  },
  PRINT_JOB_NOT_FOUND: {
    pt: (p) => `O trabalho de impressão n.º ${p.jobId} não existe.`,
    en: (p) => `Print job no. ${p.jobId} does not exist.`,
  },
  PRINT_JOB_NOT_FAILED: {
    pt: (p) => `O trabalho de impressão n.º ${p.jobId} não falhou: para o imprimir de novo use a 2.ª via.`,
    en: (p) => `Print job no. ${p.jobId} did not fail: to print it again use a reprint (2.ª via).`,
  },
  // A manager's X of a drawer whose blind count is not yet on record: a counter role prints it neither again nor late.
  PRINT_JOB_BLIND_X: {
    pt: (p) =>
      `O trabalho n.º ${p.jobId} é o relatório X de um gerente, com o valor esperado na gaveta n.º ${p.drawerId}: o fecho do balcão é cego, por isso só um gerente o imprime até a contagem ficar registada. Nada foi impresso.`,
    en: (p) =>
      `Job no. ${p.jobId} is a manager's X report, with the cash expected in drawer no. ${p.drawerId}: the counter's close is blind, so only a manager prints it until the count is recorded. Nothing was printed.`,
  },
});
