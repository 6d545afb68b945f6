/** The transport of a configured printer, with the status check before each job. */
import { isPrinterDevicePath } from '../../core/printing/devices.js';
import type { PrinterRow } from '../../db/printing.js';
import {
  deviceErrorParams,
  deviceTransport,
  PrinterError,
  sendWithStatusCheck,
  tcpTransport,
  type PrinterStatus,
  type PrinterTransport,
} from '../../printing/transport/index.js';
import type { JobTransport } from './attempts.js';

/**
 * A device printer whose path is no printer device on this system (saved
 * before the check, or by hand: `COM7` on Linux is a file in the working
 * folder) is never opened: each job and each status check fails with words.
 */
function refusedDevice(path: string, platform: string): PrinterTransport {
  const refuse = () => Promise.reject(new PrinterError('DEVICE_ERROR', deviceErrorParams('NOT_A_DEVICE', { address: path, platform })));
  return { send: refuse, status: refuse };
}

/** `platform`: process.platform's code (tests inject another). */
function transportOf(printer: PrinterRow, platform: string = process.platform): PrinterTransport {
  if (printer.transport === 'tcp') return tcpTransport({ host: printer.host!, port: printer.port ?? 9100 });
  if (!isPrinterDevicePath(printer.path!, platform)) return refusedDevice(printer.path!, platform);
  return deviceTransport({ path: printer.path! });
}

/** A job goes out only to a printer that says it can print (not out of paper, cover closed, online). */
export function jobTransportOf(printer: PrinterRow, platform: string = process.platform): JobTransport {
  const transport = transportOf(printer, platform);
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

export async function printerStatus(printer: PrinterRow, platform: string = process.platform): Promise<PrinterStatus> {
  const transport = transportOf(printer, platform);
  try {
    return await transport.status();
  } finally {
    transport.close?.();
  }
}
