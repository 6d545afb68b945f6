/** The transport of a configured printer, with the status check before each job. */
import type { PrinterRow } from '../../db/printing.js';
import { deviceTransport, sendWithStatusCheck, tcpTransport, type PrinterStatus, type PrinterTransport } from '../../printing/transport/index.js';
import type { JobTransport } from './queue.js';

export function transportOf(printer: PrinterRow): PrinterTransport {
  if (printer.transport === 'tcp') return tcpTransport({ host: printer.host!, port: printer.port ?? 9100 });
  return deviceTransport({ path: printer.path! });
}

/** A job goes out only to a printer that says it can print (not out of paper, cover closed, online). */
export function jobTransportOf(printer: PrinterRow): JobTransport {
  const transport = transportOf(printer);
  return {
    async send(bytes) {
      try {
        await sendWithStatusCheck(transport, bytes);
      } finally {
        transport.close?.();
      }
    },
  };
}

export async function printerStatus(printer: PrinterRow): Promise<PrinterStatus> {
  const transport = transportOf(printer);
  try {
    return await transport.status();
  } finally {
    transport.close?.();
  }
}
