/**
 * Raw TCP printing (port 9100, "JetDirect"): one connection per job.
 *
 * send(): connect (connectTimeoutMs), write every byte, half-close, and wait
 * for the printer to close its side: like CUPS' socket backend (waiteof), a
 * job counts as delivered when the printer has read to the end and hung up,
 * not when the bytes sit in our kernel buffer (`waitForClose: false` for a
 * printer that never hangs up). writeTimeoutMs is a no-progress
 * timeout: it fires when neither a write goes out nor the printer closes for
 * that long, so a long report on a slow but working printer does not time out.
 *
 * status(): a separate connection sends DLE EOT 1, 2, 4 and parses the three
 * answer bytes (./status.ts).
 */

import net from 'node:net';
import { deviceErrorParams, PrinterError, type PrinterErrorCode, type PrinterStatus, type PrinterTransport } from './types.js';
import { STATUS_REQUEST, parseStatusBytes } from './status.js';

export { parseStatusBytes, sendWithStatusCheck, statusError, STATUS_REQUEST } from './status.js';

export interface TcpTransportOptions {
  host: string;
  port?: number;
  connectTimeoutMs?: number;
  /** No progress (no write accepted, printer not closing) for this long: WRITE_TIMEOUT. */
  writeTimeoutMs?: number;
  statusTimeoutMs?: number;
  /**
   * Wait for the printer to close the connection after the last byte (default
   * true). Set false for a printer that keeps the connection open: send() then
   * resolves once every byte is handed to the OS, which does not prove the
   * printer took them.
   */
  waitForClose?: boolean;
}

export interface TcpTransport extends PrinterTransport {
  readonly host: string;
  readonly port: number;
  /** Destroys any socket still open; later calls still work. */
  close(): void;
}

const LOST = new Set(['ECONNRESET', 'EPIPE', 'ECONNABORTED', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENETDOWN']);
const REFUSED = new Set(['ECONNREFUSED', 'ENOTFOUND', 'EAI_AGAIN', 'EADDRNOTAVAIL', 'EAI_NONAME']);
const UNREACHABLE = new Set(['ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EHOSTDOWN', 'ENETDOWN']);

/** The PrinterError code for a socket error, by phase. Exported for tests. */
export function socketErrorCode(errno: string | undefined, phase: 'connect' | 'write' | 'status'): PrinterErrorCode {
  if (phase === 'connect') {
    if (errno !== undefined && REFUSED.has(errno)) return 'CONNECT_REFUSED';
    if (errno !== undefined && UNREACHABLE.has(errno)) return 'CONNECT_TIMEOUT';
    return 'DEVICE_ERROR';
  }
  if (errno !== undefined && LOST.has(errno)) return 'CONNECTION_LOST';
  return 'DEVICE_ERROR';
}

export function tcpTransport(opts: TcpTransportOptions): TcpTransport {
  const host = opts.host;
  const port = opts.port ?? 9100;
  const connectTimeoutMs = opts.connectTimeoutMs ?? 3000;
  const writeTimeoutMs = opts.writeTimeoutMs ?? 5000;
  const statusTimeoutMs = opts.statusTimeoutMs ?? 1500;
  const waitForClose = opts.waitForClose ?? true;
  const address = `${host}:${port}`;
  const open = new Set<net.Socket>();

  function fail(code: PrinterErrorCode, err?: NodeJS.ErrnoException, extra: Record<string, string | number> = {}, maybeDelivered = false): PrinterError {
    const params: Record<string, string | number> = { address, ...extra };
    if (code === 'DEVICE_ERROR' && params.reason === undefined) {
      const reason = err?.code ?? err?.message;
      return new PrinterError(code, reason === undefined ? deviceErrorParams('UNKNOWN', params) : { ...params, reason }, { maybeDelivered, cause: err });
    }
    return new PrinterError(code, params, { maybeDelivered, cause: err });
  }

  function connect(): Promise<net.Socket> {
    return new Promise((resolve, reject) => {
      const socket = net.connect({ host, port, noDelay: true });
      open.add(socket);
      socket.once('close', () => open.delete(socket));
      const timer = setTimeout(() => {
        socket.destroy();
        reject(fail('CONNECT_TIMEOUT', undefined, { ms: connectTimeoutMs }));
      }, connectTimeoutMs);
      const onError = (err: NodeJS.ErrnoException): void => {
        clearTimeout(timer);
        socket.destroy();
        reject(fail(socketErrorCode(err.code, 'connect'), err, { ms: connectTimeoutMs }));
      };
      socket.once('error', onError);
      socket.once('connect', () => {
        clearTimeout(timer);
        socket.off('error', onError);
        resolve(socket);
      });
    });
  }

  async function send(bytes: Uint8Array): Promise<void> {
    const socket = await connect();
    await new Promise<void>((resolve, reject) => {
      let flushed = false;
      let settled = false;
      const settle = (err?: PrinterError): void => {
        if (settled) return;
        settled = true;
        socket.setTimeout(0);
        if (err) {
          socket.destroy();
          reject(err);
        } else resolve();
      };
      socket.setTimeout(writeTimeoutMs, () => {
        settle(fail('WRITE_TIMEOUT', undefined, { ms: writeTimeoutMs, bytes: bytes.length, flushed: String(flushed) }, true));
      });
      socket.on('error', (err: NodeJS.ErrnoException) => settle(fail(socketErrorCode(err.code, 'write'), err, { bytes: bytes.length }, true)));
      // The back channel (automatic status back, if enabled) is read and dropped.
      socket.on('data', () => undefined);
      socket.on('close', () => {
        if (flushed) settle();
        else settle(fail('CONNECTION_LOST', undefined, { bytes: bytes.length }, true));
      });
      socket.end(bytes, (err?: Error | null) => {
        if (err) return;
        flushed = true;
        if (!waitForClose) {
          settle();
          // Let the OS deliver what it holds; drop the socket if the printer never closes.
          socket.on('error', () => undefined);
          setTimeout(() => socket.destroy(), writeTimeoutMs).unref();
        }
      });
    });
  }

  async function status(): Promise<PrinterStatus> {
    const socket = await connect();
    try {
      const reply = await new Promise<Uint8Array>((resolve, reject) => {
        const got: number[] = [];
        const timer = setTimeout(() => reject(fail('STATUS_TIMEOUT', undefined, { ms: statusTimeoutMs })), statusTimeoutMs);
        const done = (err: PrinterError | null): void => {
          clearTimeout(timer);
          if (err) reject(err);
          else resolve(Uint8Array.from(got.slice(0, 3)));
        };
        socket.on('data', (chunk: Buffer) => {
          got.push(...chunk);
          if (got.length >= 3) done(null);
        });
        socket.on('error', (err: NodeJS.ErrnoException) => done(fail(socketErrorCode(err.code, 'status'), err)));
        socket.on('close', () => {
          if (got.length < 3) done(fail('CONNECTION_LOST', undefined, { received: got.length }));
        });
        socket.write(STATUS_REQUEST);
      });
      return parseStatusBytes(reply[0] ?? -1, reply[1] ?? -1, reply[2] ?? -1);
    } catch (e) {
      if (e instanceof PrinterError && e.code === 'DEVICE_ERROR' && e.params.address === undefined) {
        throw new PrinterError('DEVICE_ERROR', { ...e.params, address }, { cause: e });
      }
      throw e;
    } finally {
      socket.destroy();
    }
  }

  return {
    host,
    port,
    send,
    status,
    close() {
      for (const s of open) s.destroy();
      open.clear();
    },
  };
}
