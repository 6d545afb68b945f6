import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startPrinterEmulator, type EmulatorMode, type PrinterEmulator } from '../../tools/printer-emulator/server.js';
import { sendWithStatusCheck } from './status.js';
import { socketErrorCode, tcpTransport } from './tcp.js';
import { PrinterError } from './types.js';

// Real sockets on 127.0.0.1 against the printer emulator.

/** A small receipt: init, cp858, accented text, QR, drawer pulse, cut. */
const RECEIPT = Uint8Array.from([
  0x1b, 0x40, 0x1b, 0x74, 19,
  ...Buffer.from('Ol\xa0 \xd5 \x87', 'latin1'), 0x0a,
  0x1d, 0x28, 0x6b, 0x0b, 0x00, 0x31, 0x50, 0x30, ...Buffer.from('R-000012'),
  0x1d, 0x28, 0x6b, 0x03, 0x00, 0x31, 0x51, 0x30, 0x0a,
  0x1b, 0x70, 0x00, 50, 250,
  0x1d, 0x56, 0x00,
]);

async function caught(p: Promise<unknown>): Promise<PrinterError> {
  try {
    await p;
  } catch (e) {
    if (e instanceof PrinterError) return e;
    throw e;
  }
  throw new Error('expected a PrinterError');
}

let emu: PrinterEmulator;
beforeAll(async () => {
  emu = await startPrinterEmulator();
});
afterAll(async () => {
  await emu.close();
});
afterEach(async () => {
  await emu.setMode('normal', { delayMs: 2500, dropAfterBytes: 32 });
  emu.clearJobs();
});

const printer = (o: { writeTimeoutMs?: number; statusTimeoutMs?: number; connectTimeoutMs?: number } = {}) =>
  tcpTransport({ host: '127.0.0.1', port: emu.port, ...o });

describe('tcpTransport.send', () => {
  it('delivers a job byte-exact, as one job', async () => {
    await printer().send(RECEIPT);
    // send() resolves once the printer has read to the end and closed: the job is there.
    expect(emu.jobs).toHaveLength(1);
    const job = emu.jobs[0]!;
    expect(Buffer.from(job.bytes).equals(Buffer.from(RECEIPT))).toBe(true);
    expect(job).toMatchObject({ printed: true, complete: true, lines: ['Olá € ç', '[QR: R-000012]'], qr: ['R-000012'], cuts: 1, pulsesFired: 1 });
    expect(job.drawerPulses).toEqual([{ pin: 2, onMs: 100, offMs: 500 }]);
  });

  it('delivers a 256 KB job byte-exact (writes wait for the printer to read)', async () => {
    const big = new Uint8Array(256 * 1024);
    for (let i = 0; i < big.length; i++) big[i] = 0x20 + (i % 90);
    await printer().send(big);
    expect(emu.jobs).toHaveLength(1);
    expect(Buffer.from(emu.jobs[0]!.bytes).equals(Buffer.from(big))).toBe(true);
  });

  it('sends jobs one after the other on fresh connections', async () => {
    const t = printer();
    await t.send(Uint8Array.of(0x41, 0x0a));
    await t.send(Uint8Array.of(0x42, 0x0a));
    expect(emu.jobs.map((j) => j.lines)).toEqual([['A'], ['B']]);
  });

  it('connection refused -> CONNECT_REFUSED, at once, nothing delivered', async () => {
    await emu.setMode('down');
    const t0 = Date.now();
    const e = await caught(printer().send(RECEIPT));
    expect(e.code).toBe('CONNECT_REFUSED');
    expect(e.maybeDelivered).toBe(false);
    expect(e.message).toBe(`A impressora 127.0.0.1:${emu.port} recusou a ligação: está desligada ou o endereço está errado.`);
    expect(Date.now() - t0).toBeLessThan(500);
    // and back up on the same port
    await emu.setMode('normal');
    await printer().send(RECEIPT);
    expect(emu.jobs).toHaveLength(1);
  });

  it('slow printer with a short write timeout -> WRITE_TIMEOUT (maybe delivered: it prints later)', async () => {
    await emu.setMode('slow', { delayMs: 400 });
    const t0 = Date.now();
    const e = await caught(printer({ writeTimeoutMs: 150 }).send(RECEIPT));
    expect(e.code).toBe('WRITE_TIMEOUT');
    expect(e.maybeDelivered).toBe(true);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
    expect(Date.now() - t0).toBeLessThan(400);
    // The bytes were in flight: the printer reads and prints them once it catches up.
    const [job] = await emu.waitForJobs(1, 2000);
    expect(Buffer.from(job!.bytes).equals(Buffer.from(RECEIPT))).toBe(true);
  });

  it('slow printer within the write timeout -> delivered', async () => {
    await emu.setMode('slow', { delayMs: 200 });
    const t0 = Date.now();
    await printer({ writeTimeoutMs: 1000 }).send(RECEIPT);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
    expect(emu.jobs).toHaveLength(1);
  });

  it('connection dropped mid-job -> CONNECTION_LOST (maybe delivered)', async () => {
    await emu.setMode('drop', { dropAfterBytes: 10 });
    const e = await caught(printer().send(RECEIPT));
    expect(e.code).toBe('CONNECTION_LOST');
    expect(e.maybeDelivered).toBe(true);
    expect(emu.jobs).toHaveLength(1);
    expect(emu.jobs[0]).toMatchObject({ complete: false, pulsesFired: 0 });
    expect(Array.from(emu.jobs[0]!.bytes)).toEqual(Array.from(RECEIPT.subarray(0, 10)));
  });

  it('connection dropped mid-way through a large job -> CONNECTION_LOST', async () => {
    await emu.setMode('drop', { dropAfterBytes: 50_000 });
    const e = await caught(printer().send(new Uint8Array(512 * 1024).fill(0x41)));
    expect(e.code).toBe('CONNECTION_LOST');
    expect(emu.jobs[0]?.bytes.length).toBe(50_000);
  });

  it('waits for the printer to hang up; waitForClose: false does not', async () => {
    // A printer that reads everything but never closes the connection.
    const got: Buffer[] = [];
    const peers: net.Socket[] = [];
    const sticky = net.createServer({ allowHalfOpen: true }, (s) => {
      peers.push(s);
      s.on('data', (d: Buffer) => got.push(d));
    });
    await new Promise<void>((r) => sticky.listen(0, '127.0.0.1', r));
    const port = (sticky.address() as net.AddressInfo).port;
    const e = await caught(tcpTransport({ host: '127.0.0.1', port, writeTimeoutMs: 100 }).send(RECEIPT));
    expect(e.code).toBe('WRITE_TIMEOUT');
    expect(e.params.flushed).toBe('true');
    await tcpTransport({ host: '127.0.0.1', port, writeTimeoutMs: 100, waitForClose: false }).send(RECEIPT);
    await new Promise((r) => setTimeout(r, 20));
    expect(Buffer.concat(got)).toEqual(Buffer.concat([Buffer.from(RECEIPT), Buffer.from(RECEIPT)]));
    for (const p of peers) p.destroy();
    await new Promise((r) => sticky.close(r));
  });

  describe('connect timeout', () => {
    // A listener whose process never accepts: once its backlog is full the
    // kernel drops further SYNs, so connect() hangs like an unreachable host.
    let child: ChildProcess;
    let port = 0;
    const fillers: net.Socket[] = [];
    beforeAll(async () => {
      child = spawn(
        process.execPath,
        [
          '-e',
          `const s=require('net').createServer();s.listen({port:0,host:'127.0.0.1',backlog:1},()=>{console.log(s.address().port);Atomics.wait(new Int32Array(new SharedArrayBuffer(4)),0,0,20000)})`,
        ],
        { stdio: ['ignore', 'pipe', 'inherit'] },
      );
      port = await new Promise<number>((resolve) => child.stdout!.once('data', (d: Buffer) => resolve(Number(String(d).trim()))));
      for (let i = 0; i < 4; i++) {
        const s = net.connect({ host: '127.0.0.1', port });
        s.on('error', () => undefined);
        fillers.push(s);
      }
      await new Promise((r) => setTimeout(r, 100));
    });
    afterAll(() => {
      for (const s of fillers) s.destroy();
      child.kill('SIGKILL');
    });

    it('-> CONNECT_TIMEOUT after connectTimeoutMs', async () => {
      const t0 = Date.now();
      const e = await caught(tcpTransport({ host: '127.0.0.1', port, connectTimeoutMs: 200 }).send(RECEIPT));
      expect(e.code).toBe('CONNECT_TIMEOUT');
      expect(e.message).toBe(`A impressora 127.0.0.1:${port} não respondeu ao pedido de ligação em 200 ms.`);
      expect(e.maybeDelivered).toBe(false);
      expect(Date.now() - t0).toBeGreaterThanOrEqual(190);
      expect(Date.now() - t0).toBeLessThan(1000);
    });
  });
});

describe('tcpTransport.status', () => {
  const expected: [EmulatorMode, object][] = [
    ['normal', { online: true, coverOpen: false, paperNearEnd: false, paperOut: false }],
    ['paper_near_end', { online: true, coverOpen: false, paperNearEnd: true, paperOut: false }],
    ['paper_out', { online: false, coverOpen: false, paperNearEnd: true, paperOut: true }],
    ['cover_open', { online: false, coverOpen: true, paperNearEnd: false, paperOut: false }],
    ['offline', { online: false, coverOpen: false, paperNearEnd: false, paperOut: false }],
    ['error', { online: false, coverOpen: false, paperNearEnd: false, paperOut: false, error: expect.any(String) }],
    ['drop', { online: true, coverOpen: false, paperNearEnd: false, paperOut: false }],
  ];
  for (const [mode, status] of expected) {
    it(`reads the status in mode ${mode}`, async () => {
      await emu.setMode(mode);
      expect(await printer().status()).toStrictEqual(status);
      // a status request is not a job
      expect(emu.jobs).toHaveLength(0);
    });
  }

  it('down -> CONNECT_REFUSED', async () => {
    await emu.setMode('down');
    expect((await caught(printer().status())).code).toBe('CONNECT_REFUSED');
  });

  it('slow -> STATUS_TIMEOUT when the answer comes later than statusTimeoutMs', async () => {
    await emu.setMode('slow', { delayMs: 400 });
    const t0 = Date.now();
    const e = await caught(printer({ statusTimeoutMs: 100 }).status());
    expect(e.code).toBe('STATUS_TIMEOUT');
    expect(Date.now() - t0).toBeLessThan(350);
  });

  it('a server that does not speak ESC/POS -> DEVICE_ERROR', async () => {
    const echo = net.createServer((s) => s.pipe(s));
    await new Promise<void>((r) => echo.listen(0, '127.0.0.1', r));
    const port = (echo.address() as net.AddressInfo).port;
    const e = await caught(tcpTransport({ host: '127.0.0.1', port }).status());
    expect(e.code).toBe('DEVICE_ERROR');
    expect(e.message).toContain(`127.0.0.1:${port}`);
    await new Promise((r) => echo.close(r));
  });
});

describe('sendWithStatusCheck over TCP', () => {
  it('refuses a job when the printer is out of paper: nothing reaches it', async () => {
    await emu.setMode('paper_out');
    const e = await caught(sendWithStatusCheck(printer(), RECEIPT));
    expect(e.code).toBe('PAPER_OUT');
    expect(e.message).toBe('Impressora sem papel.');
    expect(emu.jobs).toHaveLength(0);
  });

  it('refuses on cover open and offline', async () => {
    await emu.setMode('cover_open');
    expect((await caught(sendWithStatusCheck(printer(), RECEIPT))).code).toBe('COVER_OPEN');
    await emu.setMode('offline');
    expect((await caught(sendWithStatusCheck(printer(), RECEIPT))).code).toBe('OFFLINE');
    expect(emu.jobs).toHaveLength(0);
  });

  it('prints with paper near end and hands the status back', async () => {
    await emu.setMode('paper_near_end');
    await expect(sendWithStatusCheck(printer(), RECEIPT)).resolves.toMatchObject({ paperNearEnd: true });
    expect(emu.jobs).toHaveLength(1);
  });

  it('without the check, a paper-out printer takes the job but does not print it', async () => {
    await emu.setMode('paper_out');
    await printer().send(RECEIPT);
    expect(emu.jobs[0]).toMatchObject({ printed: false, complete: true, pulsesFired: 0 });
    expect(emu.jobs[0]!.drawerPulses).toHaveLength(1);
  });
});

describe('socketErrorCode', () => {
  it('maps errno by phase', () => {
    expect(socketErrorCode('ECONNREFUSED', 'connect')).toBe('CONNECT_REFUSED');
    expect(socketErrorCode('ENOTFOUND', 'connect')).toBe('CONNECT_REFUSED');
    expect(socketErrorCode('EHOSTUNREACH', 'connect')).toBe('CONNECT_TIMEOUT');
    expect(socketErrorCode('ETIMEDOUT', 'connect')).toBe('CONNECT_TIMEOUT');
    expect(socketErrorCode('ECONNRESET', 'write')).toBe('CONNECTION_LOST');
    expect(socketErrorCode('EPIPE', 'write')).toBe('CONNECTION_LOST');
    expect(socketErrorCode('EWHATEVER', 'write')).toBe('DEVICE_ERROR');
  });
});
