import { describe, expect, it } from 'vitest';
import {
  PRINTER_REPORTED_ERROR,
  STATUS_REQUEST,
  isStatusByte,
  parseStatusBytes,
  sendWithStatusCheck,
  statusError,
} from './status.js';
import { deviceErrorParams, PRINTER_ERROR_CODES, PrinterError, type PrinterStatus, type PrinterTransport } from './types.js';

const OK = 0x12;
const CLEAR: PrinterStatus = { online: true, coverOpen: false, paperNearEnd: false, paperOut: false };

describe('parseStatusBytes', () => {
  it('reads 0x12 0x12 0x12 as a ready printer', () => {
    expect(parseStatusBytes(OK, OK, OK)).toEqual(CLEAR);
  });

  it('n=1 bit 3 is offline; bits 2, 5, 6 are not', () => {
    expect(parseStatusBytes(OK | 0x08, OK, OK)).toEqual({ ...CLEAR, online: false });
    expect(parseStatusBytes(OK | 0x04 | 0x20 | 0x40, OK, OK)).toEqual(CLEAR);
  });

  it('n=2 bit 2 is cover open', () => {
    expect(parseStatusBytes(OK, OK | 0x04, OK)).toEqual({ ...CLEAR, coverOpen: true });
  });

  it('n=2 bit 5 (printing stopped by paper end) is paper out', () => {
    expect(parseStatusBytes(OK, OK | 0x20, OK)).toEqual({ ...CLEAR, paperOut: true });
  });

  it('n=2 bit 6 is an error, bit 3 (feed button) is nothing', () => {
    expect(parseStatusBytes(OK, OK | 0x40, OK)).toEqual({ ...CLEAR, error: PRINTER_REPORTED_ERROR });
    expect(parseStatusBytes(OK, OK | 0x08, OK)).toEqual(CLEAR);
  });

  it('n=4 bits 2-3 are paper near end (either bit)', () => {
    for (const b of [0x0c, 0x04, 0x08]) expect(parseStatusBytes(OK, OK, OK | b)).toEqual({ ...CLEAR, paperNearEnd: true });
  });

  it('n=4 bits 5-6 are paper out (either bit)', () => {
    for (const b of [0x60, 0x20, 0x40]) expect(parseStatusBytes(OK, OK, OK | b)).toEqual({ ...CLEAR, paperOut: true });
  });

  it('a real paper-out answer: offline, stopped by paper end, near end and end', () => {
    expect(parseStatusBytes(0x1a, 0x32, 0x7e)).toEqual({ online: false, coverOpen: false, paperNearEnd: true, paperOut: true });
  });

  it('refuses bytes that are not DLE EOT answers (fixed bits 1, 4 set; 0, 7 clear)', () => {
    expect(isStatusByte(0x12)).toBe(true);
    for (const bad of [0x00, 0x10, 0x02, 0x13, 0x92, 0xff, -1, 256]) expect(isStatusByte(bad)).toBe(false);
    expect(() => parseStatusBytes(OK, 0x00, OK)).toThrow(PrinterError);
    expect(() => parseStatusBytes(OK, OK, 0x41)).toThrow(/DLE EOT 4 \(0x41\)/);
    expect(() => parseStatusBytes(0x00, OK, OK)).toThrow(expect.objectContaining({ code: 'DEVICE_ERROR' }));
  });

  it('asks DLE EOT 1, 2, 4', () => {
    expect(Array.from(STATUS_REQUEST)).toEqual([0x10, 0x04, 1, 0x10, 0x04, 2, 0x10, 0x04, 4]);
  });
});

describe('statusError', () => {
  it('maps the status to the error that stops a job, cover first', () => {
    expect(statusError(CLEAR)).toBeNull();
    expect(statusError({ ...CLEAR, paperNearEnd: true })).toBeNull();
    expect(statusError({ ...CLEAR, online: false, paperOut: true, coverOpen: true })?.code).toBe('COVER_OPEN');
    expect(statusError({ ...CLEAR, online: false, paperOut: true })?.code).toBe('PAPER_OUT');
    expect(statusError({ ...CLEAR, online: false, error: PRINTER_REPORTED_ERROR })?.code).toBe('DEVICE_ERROR');
    expect(statusError({ ...CLEAR, online: false })?.code).toBe('OFFLINE');
  });
});

describe('PrinterError', () => {
  it('has pt-PT messages by default and English on request', () => {
    expect(new PrinterError('PAPER_OUT').message).toBe('Impressora sem papel.');
    expect(new PrinterError('COVER_OPEN').message).toBe('Tampa da impressora aberta.');
    const e = new PrinterError('CONNECT_REFUSED', { address: '10.0.0.5:9100' });
    expect(e.message).toBe('A impressora 10.0.0.5:9100 recusou a ligação: está desligada ou o endereço está errado.');
    expect(e.messageIn('en')).toBe('The printer at 10.0.0.5:9100 refused the connection: it is off or the address is wrong.');
    expect(new PrinterError('CONNECT_TIMEOUT', { ms: 3000 }).message).toBe('A impressora não respondeu ao pedido de ligação em 3000 ms.');
    for (const code of PRINTER_ERROR_CODES) {
      const m = new PrinterError(code, { address: 'x', ms: 1, reason: 'r' });
      expect(m.message).not.toMatch(/undefined|\s{2}/);
      expect(m.maybeDelivered).toBe(false);
    }
  });

  it('words a device error\'s reason from its code in English, the pt-PT text unchanged', () => {
    const denied = new PrinterError('DEVICE_ERROR', deviceErrorParams('EACCES', { address: '/dev/usb/lp0' }));
    expect(denied.message).toBe('Erro da impressora /dev/usb/lp0: sem permissão para escrever no dispositivo (o utilizador tem de pertencer ao grupo lp).');
    expect(denied.messageIn('en')).toBe('Printer error at /dev/usb/lp0: no permission to write to the device (the user must belong to the lp group).');
    const reported = statusError({ ...CLEAR, error: PRINTER_REPORTED_ERROR }, '10.0.0.5:9100')!;
    expect(PRINTER_REPORTED_ERROR).toBe('A impressora assinala um erro (ex.: guilhotina encravada).');
    expect(reported.message).toBe('Erro da impressora 10.0.0.5:9100: A impressora assinala um erro (ex.: guilhotina encravada).');
    expect(reported.messageIn('en')).toBe('Printer error at 10.0.0.5:9100: the printer reports an error (e.g. a jammed cutter).');
    let invalid: unknown;
    try {
      parseStatusBytes(OK, 0xff, OK);
    } catch (e) {
      invalid = e;
    }
    expect((invalid as PrinterError).message).toBe('Erro da impressora: resposta inválida ao pedido de estado DLE EOT 2 (0xff).');
    expect((invalid as PrinterError).messageIn('en')).toBe('Printer error: invalid answer to the status request DLE EOT 2 (0xff).');
    // A reason our code does not know is shown as the system gave it, in both languages.
    expect(new PrinterError('DEVICE_ERROR', { reason: 'ENOTTY' }).messageIn('en')).toBe('Printer error: ENOTTY.');
  });
});

/** A transport written by hand, recording what it was asked. */
function fakeTransport(status: () => Promise<PrinterStatus>): PrinterTransport & { sent: Uint8Array[] } {
  const sent: Uint8Array[] = [];
  return {
    sent,
    status,
    async send(bytes) {
      sent.push(bytes);
    },
  };
}

describe('sendWithStatusCheck', () => {
  const job = Uint8Array.of(0x41, 0x0a);

  it('sends when the printer is ready and returns the status (near end included)', async () => {
    const t = fakeTransport(async () => ({ ...CLEAR, paperNearEnd: true }));
    await expect(sendWithStatusCheck(t, job)).resolves.toEqual({ ...CLEAR, paperNearEnd: true });
    expect(t.sent).toEqual([job]);
  });

  it('refuses with PAPER_OUT / COVER_OPEN / OFFLINE and sends nothing', async () => {
    for (const [s, code] of [
      [{ ...CLEAR, online: false, paperOut: true }, 'PAPER_OUT'],
      [{ ...CLEAR, online: false, coverOpen: true }, 'COVER_OPEN'],
      [{ ...CLEAR, online: false }, 'OFFLINE'],
    ] as const) {
      const t = fakeTransport(async () => s);
      await expect(sendWithStatusCheck(t, job)).rejects.toMatchObject({ code, maybeDelivered: false });
      expect(t.sent).toEqual([]);
    }
  });

  it('sends anyway when the printer does not answer status, unless requireStatus', async () => {
    const silent = () => fakeTransport(async () => Promise.reject(new PrinterError('STATUS_TIMEOUT', { ms: 10 })));
    const t = silent();
    await expect(sendWithStatusCheck(t, job)).resolves.toBeNull();
    expect(t.sent).toEqual([job]);
    const strict = silent();
    await expect(sendWithStatusCheck(strict, job, { requireStatus: true })).rejects.toMatchObject({ code: 'STATUS_TIMEOUT' });
    expect(strict.sent).toEqual([]);
  });

  it('does not send when the printer cannot be reached', async () => {
    const t = fakeTransport(async () => Promise.reject(new PrinterError('CONNECT_REFUSED')));
    await expect(sendWithStatusCheck(t, job)).rejects.toMatchObject({ code: 'CONNECT_REFUSED' });
    expect(t.sent).toEqual([]);
  });
});
