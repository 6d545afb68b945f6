/**
 * A network receipt printer on 127.0.0.1, for development and tests.
 *
 * It behaves like a raw 9100 printer: every connection is one job that ends
 * when the client ends the connection; DLE EOT n status requests are answered
 * at once, with bytes that reflect the mode; connections that carry nothing
 * but status requests are not jobs. Each job keeps its raw bytes and their
 * decoding (./decode.ts).
 *
 * Modes (setMode):
 * - normal          prints everything.
 * - paper_near_end  prints; status says paper near end.
 * - paper_out       status says paper out and offline; a job is accepted but
 *                   not printed (printed: false), as a real printer buffers it.
 * - cover_open      likewise, with the cover open.
 * - offline         likewise, offline with no cause given.
 * - error           likewise, with the error bit (e.g. a cutter jam).
 * - slow            each new connection is not read for delayMs (default
 *                   2500): writes stall, status answers come late. The job
 *                   still arrives and prints afterwards if the client waits
 *                   (or even if it gave up but left the bytes in flight).
 * - drop            a connection is reset (RST) once it has sent
 *                   dropAfterBytes bytes (default 32): the job is kept with
 *                   what arrived, complete: false (a real printer prints that
 *                   part).
 * - down            not listening: connections are refused; open ones reset.
 */

import { EventEmitter } from 'node:events';
import net from 'node:net';
import { decodeEscPos, type DecodeCodepage, type DecodedDrawerPulse } from './decode.js';

export const EMULATOR_MODES = [
  'normal',
  'paper_near_end',
  'paper_out',
  'cover_open',
  'offline',
  'error',
  'slow',
  'drop',
  'down',
] as const;
export type EmulatorMode = (typeof EMULATOR_MODES)[number];

export function isEmulatorMode(s: string): s is EmulatorMode {
  return (EMULATOR_MODES as readonly string[]).includes(s);
}

/** The Portuguese word of each mode, as the emulator's stdin commands and docs/hall-operations.md name them. */
export const EMULATOR_MODE_WORDS: Readonly<Record<string, EmulatorMode>> = {
  ligar: 'normal',
  quase: 'paper_near_end',
  papel: 'paper_out',
  tampa: 'cover_open',
  fora: 'offline',
  erro: 'error',
  lento: 'slow',
  cair: 'drop',
  desligar: 'down',
};

/** A mode by its name or its Portuguese word (`desligar` is `down`); null for neither. */
export function emulatorModeOf(name: string): EmulatorMode | null {
  if (isEmulatorMode(name)) return name;
  return Object.hasOwn(EMULATOR_MODE_WORDS, name) ? EMULATOR_MODE_WORDS[name]! : null;
}

/** The answers to DLE EOT 1, 2, 3, 4 in each mode (see printing/transport/status.ts for the bits). */
export const STATUS_REPLIES: Record<EmulatorMode, Record<1 | 2 | 3 | 4, number>> = {
  normal: { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x12 },
  slow: { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x12 },
  drop: { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x12 },
  down: { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x12 },
  // n=4 bits 2-3: near end
  paper_near_end: { 1: 0x12, 2: 0x12, 3: 0x12, 4: 0x1e },
  // n=1 bit 3 offline; n=2 bit 5 stopped by paper end; n=4 near end and end
  paper_out: { 1: 0x1a, 2: 0x32, 3: 0x12, 4: 0x7e },
  // n=1 offline; n=2 bit 2 cover open
  cover_open: { 1: 0x1a, 2: 0x16, 3: 0x12, 4: 0x12 },
  // n=1 offline, no cause
  offline: { 1: 0x1a, 2: 0x12, 3: 0x12, 4: 0x12 },
  // n=1 offline; n=2 bit 6 error; n=3 bit 3 autocutter error
  error: { 1: 0x1a, 2: 0x52, 3: 0x1a, 4: 0x12 },
};

/** Modes in which a job is taken but not printed ('down': cut off mid-job). */
const NOT_PRINTING: ReadonlySet<EmulatorMode> = new Set(['paper_out', 'cover_open', 'offline', 'error', 'down']);

export interface EmulatorJob {
  /** 1, 2, 3... in the order jobs ended. */
  id: number;
  /** ISO time the job ended. */
  at: string;
  /** The bytes exactly as received (status requests included). */
  bytes: Uint8Array;
  /** False when the printer could not print (paper out, cover open, offline, error). */
  printed: boolean;
  /** False when the connection was dropped or reset before the client ended it. */
  complete: boolean;
  /** The mode when the job ended. */
  mode: EmulatorMode;
  lines: string[];
  qr: string[];
  cuts: number;
  /** Drawer pulses found in the bytes (ESC p / DLE DC4 1). */
  drawerPulses: DecodedDrawerPulse[];
  /** Drawer pulses actually fired: those found, when the job printed. */
  pulsesFired: number;
  codepage: string | null;
  /** DLE EOT n requests answered during the job. */
  statusRequests: number;
  /** Commands the decoder did not understand (hex), when there are any. */
  unknown?: string[];
}

export interface EmulatorOptions {
  port?: number;
  host?: string;
  mode?: EmulatorMode;
  /** 'slow': how long a new connection is left unread. */
  delayMs?: number;
  /** 'drop': reset a connection after this many bytes. */
  dropAfterBytes?: number;
  /** Code page to decode with before any ESC t (a printer's default setting). */
  codepage?: DecodeCodepage;
  onJob?: (job: EmulatorJob) => void;
}

interface Conn {
  socket: net.Socket;
  chunks: Buffer[];
  received: number;
  /** DLE EOT scanner: 0 idle, 1 after DLE, 2 after DLE EOT. */
  scan: 0 | 1 | 2;
  statusRequests: number;
  /** Bytes other than status requests seen. */
  payload: boolean;
  ended: boolean;
}

export class PrinterEmulator extends EventEmitter {
  readonly host: string;
  /** The TCP port (the one chosen by the OS when started with port 0); kept across 'down'. */
  port = 0;
  readonly jobs: EmulatorJob[] = [];
  delayMs: number;
  dropAfterBytes: number;
  /** Status-only connections answered. */
  statusConnections = 0;
  private current: EmulatorMode;
  private server: net.Server | null = null;
  private readonly conns = new Set<Conn>();
  private readonly codepage: DecodeCodepage | undefined;
  private nextId = 1;

  constructor(opts: EmulatorOptions = {}) {
    super();
    this.host = opts.host ?? '127.0.0.1';
    this.port = opts.port ?? 0;
    this.current = opts.mode ?? 'normal';
    this.delayMs = opts.delayMs ?? 2500;
    this.dropAfterBytes = opts.dropAfterBytes ?? 32;
    this.codepage = opts.codepage;
    if (opts.onJob) this.on('job', opts.onJob);
  }

  get mode(): EmulatorMode {
    return this.current;
  }

  /** @internal use startPrinterEmulator */
  async start(): Promise<this> {
    if (this.current !== 'down') await this.listen();
    return this;
  }

  /**
   * Switch mode. 'down' stops listening and resets open connections; leaving
   * 'down' listens again on the same port. Options set delayMs / dropAfterBytes.
   */
  async setMode(mode: EmulatorMode, opts: { delayMs?: number; dropAfterBytes?: number } = {}): Promise<void> {
    if (!isEmulatorMode(mode)) throw new Error(`Modo desconhecido: ${String(mode)}`);
    if (opts.delayMs !== undefined) this.delayMs = opts.delayMs;
    if (opts.dropAfterBytes !== undefined) this.dropAfterBytes = opts.dropAfterBytes;
    const was = this.current;
    this.current = mode;
    if (mode === 'down' && was !== 'down') await this.unlisten();
    if (mode !== 'down' && this.server === null) await this.listen();
    this.emit('mode', mode);
  }

  /** Calls `cb` for every job from now on; returns the unsubscribe function. */
  onJob(cb: (job: EmulatorJob) => void): () => void {
    this.on('job', cb);
    return () => this.off('job', cb);
  }

  /** Resolves once `count` jobs in all have been recorded. */
  waitForJobs(count: number, timeoutMs = 5000): Promise<EmulatorJob[]> {
    if (this.jobs.length >= count) return Promise.resolve(this.jobs.slice());
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.off('job', check);
        reject(new Error(`Emulador: ${this.jobs.length} de ${count} trabalhos ao fim de ${timeoutMs} ms`));
      }, timeoutMs);
      const check = (): void => {
        if (this.jobs.length < count) return;
        clearTimeout(timer);
        this.off('job', check);
        resolve(this.jobs.slice());
      };
      this.on('job', check);
    });
  }

  clearJobs(): void {
    this.jobs.length = 0;
  }

  async close(): Promise<void> {
    await this.unlisten();
    this.removeAllListeners('job');
  }

  private listen(): Promise<void> {
    return new Promise((resolve, reject) => {
      const server = net.createServer((socket) => this.accept(socket));
      server.once('error', reject);
      server.listen({ port: this.port, host: this.host }, () => {
        server.off('error', reject);
        server.on('error', (e) => {
          if (this.listenerCount('error') > 0) this.emit('error', e);
        });
        this.server = server;
        this.port = (server.address() as net.AddressInfo).port;
        resolve();
      });
    });
  }

  private async unlisten(): Promise<void> {
    const server = this.server;
    this.server = null;
    for (const c of this.conns) {
      this.finish(c, false);
      // destroy(), not resetAndDestroy(): on Node 20 a reset of a half-closed
      // socket here left a handle that never closed and kept a core busy.
      c.socket.destroy();
    }
    this.conns.clear();
    if (server) await new Promise<void>((r) => server.close(() => r()));
  }

  private accept(socket: net.Socket): void {
    const conn: Conn = { socket, chunks: [], received: 0, scan: 0, statusRequests: 0, payload: false, ended: false };
    this.conns.add(conn);
    socket.setNoDelay(true);
    if (this.current === 'slow') {
      socket.pause();
      const timer = setTimeout(() => socket.resume(), this.delayMs);
      socket.once('close', () => clearTimeout(timer));
    }
    socket.on('data', (chunk: Buffer) => this.onData(conn, chunk));
    socket.on('end', () => {
      this.finish(conn, true);
      socket.end();
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      this.finish(conn, false);
      this.conns.delete(conn);
    });
  }

  private onData(conn: Conn, chunk: Buffer): void {
    if (conn.ended) return;
    let data = chunk;
    let drop = false;
    if (this.current === 'drop' && conn.received + data.length >= this.dropAfterBytes) {
      data = data.subarray(0, Math.max(0, this.dropAfterBytes - conn.received));
      drop = true;
    }
    conn.received += data.length;
    if (data.length > 0) conn.chunks.push(Buffer.from(data));
    const replies: number[] = [];
    for (const b of data) {
      if (conn.scan === 2) {
        conn.scan = 0;
        if (b >= 1 && b <= 4) {
          replies.push(STATUS_REPLIES[this.current][b as 1 | 2 | 3 | 4]);
          conn.statusRequests += 1;
          continue;
        }
        conn.payload = true;
      } else if (conn.scan === 1) {
        conn.scan = b === 0x04 ? 2 : b === 0x10 ? 1 : 0;
        if (conn.scan === 0) conn.payload = true;
        continue;
      }
      if (b === 0x10) conn.scan = 1;
      else conn.payload = true;
    }
    if (replies.length > 0 && !conn.socket.destroyed) conn.socket.write(Uint8Array.from(replies));
    if (drop) {
      this.finish(conn, false);
      conn.socket.resetAndDestroy();
    }
  }

  /** Records the connection's job once (if it carried more than status requests). */
  private finish(conn: Conn, complete: boolean): void {
    if (conn.ended) return;
    conn.ended = true;
    if (conn.scan !== 0) conn.payload = true; // a trailing DLE / DLE EOT that was not a request
    if (!conn.payload) {
      if (conn.statusRequests > 0) this.statusConnections += 1;
      return;
    }
    const bytes = new Uint8Array(Buffer.concat(conn.chunks));
    const mode = this.current;
    const printed = !NOT_PRINTING.has(mode);
    const decoded = decodeEscPos(bytes, this.codepage === undefined ? {} : { codepage: this.codepage });
    const job: EmulatorJob = {
      id: this.nextId++,
      at: new Date().toISOString(),
      bytes,
      printed,
      complete,
      mode,
      lines: decoded.lines,
      qr: decoded.qr,
      cuts: decoded.cuts,
      drawerPulses: decoded.drawerPulses,
      pulsesFired: printed ? decoded.drawerPulses.length : 0,
      codepage: decoded.codepage,
      statusRequests: conn.statusRequests,
    };
    if (decoded.unknown.length > 0) job.unknown = decoded.unknown;
    this.jobs.push(job);
    this.emit('job', job);
  }
}

/** Starts an emulator listening on host:port (port 0: any free port, read it back from `.port`). */
export async function startPrinterEmulator(opts: EmulatorOptions = {}): Promise<PrinterEmulator> {
  return new PrinterEmulator(opts).start();
}
