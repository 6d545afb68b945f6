/**
 * Printing to a device file (`/dev/usb/lp0`, `/dev/lp0`, a serial port set
 * up beforehand).
 *
 * send(): opens the path write-only WITHOUT O_CREAT (so an unplugged printer
 * is an error, never a regular file quietly swallowing receipts), with
 * O_APPEND (a stand-in regular file collects jobs one after the other) and
 * O_NONBLOCK (a printer that stops taking data gives EAGAIN instead of a
 * write stuck forever in the thread pool, so writeTimeoutMs can fire), writes
 * every byte, closes. writeTimeoutMs is a no-progress timeout.
 *
 * status(): only a character device can answer. For one, DLE EOT 1, 2, 4 is
 * written and three bytes are read back within statusTimeoutMs. Limits:
 * - a path that is not a character device (a regular file, a FIFO) is not
 *   asked: it returns online with `unverified: true`;
 * - a device without a back channel (usblp answers reads with EINVAL on a
 *   one-way printer) likewise returns `unverified: true`;
 * - Linux's LPGETSTATUS ioctl (paper out / select / error lines) needs native
 *   code and is not used;
 * - status() and send() on the same device must not overlap (the print queue
 *   sends one job at a time): an answer could otherwise be read by neither.
 *
 * Errors: the path missing (ENOENT, ENXIO, ENODEV) at open is OFFLINE;
 * ENODEV/ENXIO/EIO-after-unplug during a write is CONNECTION_LOST; ENOSPC on
 * write is PAPER_OUT (what usblp returns when the printer reports paper end);
 * permissions and the rest are DEVICE_ERROR with the errno as the reason.
 */

import { constants as C } from 'node:fs';
import fsp, { type FileHandle } from 'node:fs/promises';
import { deviceErrorParams, PrinterError, type DeviceErrorReasonCode, type PrinterErrorCode, type PrinterStatus, type PrinterTransport } from './types.js';
import { STATUS_REQUEST, parseStatusBytes } from './status.js';

export interface DeviceTransportOptions {
  path?: string;
  /** No progress for this long while writing: WRITE_TIMEOUT. */
  writeTimeoutMs?: number;
  statusTimeoutMs?: number;
  /** Sleep between retries when the device answers EAGAIN. */
  pollMs?: number;
}

export interface DeviceTransport extends PrinterTransport {
  readonly path: string;
}

/** The errors whose reason is worded in core/printing/printerErrors.ts. */
const WORDED = new Set<string>(['EACCES', 'EPERM', 'EBUSY', 'EISDIR', 'EIO'] satisfies DeviceErrorReasonCode[]);

const ABSENT = new Set(['ENOENT', 'ENXIO', 'ENODEV']);
const NO_BACK_CHANNEL = new Set(['EINVAL', 'ENOTSUP', 'EOPNOTSUPP', 'ENOSYS', 'EBADF', 'EISDIR']);

/** The PrinterError code for an fs error on the device, by phase. Exported for tests. */
export function deviceErrorCode(errno: string | undefined, phase: 'open' | 'write'): PrinterErrorCode {
  if (errno === undefined) return 'DEVICE_ERROR';
  if (ABSENT.has(errno)) return phase === 'open' ? 'OFFLINE' : 'CONNECTION_LOST';
  if (errno === 'ENOSPC' && phase === 'write') return 'PAPER_OUT';
  return 'DEVICE_ERROR';
}

const sleep = (ms: number): Promise<void> => new Promise((r) => setTimeout(r, ms));

export function deviceTransport(opts: DeviceTransportOptions = {}): DeviceTransport {
  const path = opts.path ?? '/dev/usb/lp0';
  const writeTimeoutMs = opts.writeTimeoutMs ?? 5000;
  const statusTimeoutMs = opts.statusTimeoutMs ?? 1500;
  const pollMs = opts.pollMs ?? 10;

  function fail(err: NodeJS.ErrnoException, phase: 'open' | 'write', maybeDelivered: boolean): PrinterError {
    const code = deviceErrorCode(err.code, phase);
    const params = WORDED.has(err.code ?? '')
      ? deviceErrorParams(err.code as DeviceErrorReasonCode, { address: path })
      : // The system's own words (its errno and message), not ours: shown as they are in either language.
        { address: path, reason: err.code ? `${err.code} (${err.message})` : err.message };
    return new PrinterError(code, params, { maybeDelivered, cause: err });
  }

  async function openDevice(flags: number): Promise<FileHandle> {
    try {
      return await fsp.open(path, flags | C.O_NONBLOCK | C.O_NOCTTY);
    } catch (e) {
      throw fail(e as NodeJS.ErrnoException, 'open', false);
    }
  }

  /** Write all of `bytes` at the fd, retrying EAGAIN until no progress for writeTimeoutMs. */
  async function writeAll(fh: FileHandle, bytes: Uint8Array, deliveredBefore: boolean): Promise<void> {
    let off = 0;
    let lastProgress = Date.now();
    while (off < bytes.length) {
      try {
        const { bytesWritten } = await fh.write(bytes, off, bytes.length - off);
        if (bytesWritten > 0) {
          off += bytesWritten;
          lastProgress = Date.now();
          continue;
        }
      } catch (e) {
        const err = e as NodeJS.ErrnoException;
        if (err.code !== 'EAGAIN' && err.code !== 'EWOULDBLOCK') throw fail(err, 'write', deliveredBefore || off > 0);
      }
      if (Date.now() - lastProgress >= writeTimeoutMs) {
        throw new PrinterError(
          'WRITE_TIMEOUT',
          { address: path, ms: writeTimeoutMs, bytes: bytes.length, written: off },
          { maybeDelivered: deliveredBefore || off > 0 },
        );
      }
      await sleep(pollMs);
    }
  }

  async function send(bytes: Uint8Array): Promise<void> {
    const fh = await openDevice(C.O_WRONLY | C.O_APPEND);
    try {
      await writeAll(fh, bytes, false);
    } finally {
      await fh.close().catch(() => undefined);
    }
  }

  async function status(): Promise<PrinterStatus> {
    let st;
    try {
      st = await fsp.stat(path);
    } catch (e) {
      throw fail(e as NodeJS.ErrnoException, 'open', false);
    }
    const assumed: PrinterStatus = { online: true, coverOpen: false, paperNearEnd: false, paperOut: false, unverified: true };
    if (!st.isCharacterDevice()) return assumed;

    const fh = await openDevice(C.O_RDWR);
    try {
      await writeAll(fh, STATUS_REQUEST, false);
      const got: number[] = [];
      const buf = new Uint8Array(16);
      const deadline = Date.now() + statusTimeoutMs;
      while (got.length < 3) {
        try {
          const { bytesRead } = await fh.read(buf, 0, buf.length, null);
          if (bytesRead > 0) {
            got.push(...buf.subarray(0, bytesRead));
            continue;
          }
        } catch (e) {
          const err = e as NodeJS.ErrnoException;
          if (NO_BACK_CHANNEL.has(err.code ?? '')) return assumed;
          if (err.code !== 'EAGAIN' && err.code !== 'EWOULDBLOCK') throw fail(err, 'write', false);
        }
        if (Date.now() >= deadline) {
          throw new PrinterError('STATUS_TIMEOUT', { address: path, ms: statusTimeoutMs, received: got.length });
        }
        await sleep(pollMs);
      }
      return parseStatusBytes(got[0] ?? -1, got[1] ?? -1, got[2] ?? -1);
    } catch (e) {
      if (e instanceof PrinterError && e.code === 'DEVICE_ERROR' && e.params.address === undefined) {
        throw new PrinterError('DEVICE_ERROR', { ...e.params, address: path }, { cause: e });
      }
      throw e;
    } finally {
      await fh.close().catch(() => undefined);
    }
  }

  return { path, send, status };
}
