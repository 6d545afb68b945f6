/** Refusals of the printing domain: printers and print jobs. */
import { errors } from '../catalogue.js';

export const printingErrors = errors({
  PRINTER_NOT_FOUND: {
    pt: (p) => `A impressora ${p.id} não está configurada.`,
    en: (p) => `Printer ${p.id} is not configured.`,
  },
  PRINTER_DEVICE_NOT_ALLOWED: {
    pt: (p) => `"${p.path}" não é um dispositivo de impressora: indique uma porta de impressora ou série, como ${p.examples}.`,
    en: (p) => `"${p.path}" is not a printer device: give a printer or serial port, such as ${p.examples}.`,
  },
  PRINTER_ADDRESS_INVALID: {
    pt: (p) => `Endereço da impressora em falta: ${p.detail}.`,
    en: (p) => `Printer address missing: ${p.detail}.`,
  },
  PRINTER_ROLE_TAKEN: {
    pt: (p) => `Já existe uma impressora para ${p.role} (${p.id}): altere essa ou escolha outra função.`,
    en: (p) => `There is already a printer for ${p.role} (${p.id}): change that one or pick another role.`,
  },
  PRINT_JOB_NOT_FOUND: {
    pt: (p) => `O trabalho de impressão n.º ${p.jobId} não existe.`,
    en: (p) => `Print job no. ${p.jobId} does not exist.`,
  },
  PRINT_JOB_NOT_FAILED: {
    pt: (p) => `O trabalho de impressão n.º ${p.jobId} não falhou: para o imprimir de novo use a 2.ª via.`,
    en: (p) => `Print job no. ${p.jobId} did not fail: to print it again use a reprint (2.ª via).`,
  },
});
