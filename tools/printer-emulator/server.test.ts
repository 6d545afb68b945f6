import net from 'node:net';
import ReceiptPrinterEncoder from '@point-of-sale/receipt-printer-encoder';
import { afterEach, describe, expect, it } from 'vitest';
import { STATUS_REPLIES, startPrinterEmulator, type EmulatorJob, type PrinterEmulator } from './server.js';

// Raw sockets on 127.0.0.1 against the emulator (the transports have their own tests).

const started: PrinterEmulator[] = [];
async function emulator(opts: Parameters<typeof startPrinterEmulator>[0] = {}): Promise<PrinterEmulator> {
  const emu = await startPrinterEmulator(opts);
  started.push(emu);
  return emu;
}
afterEach(async () => {
  for (const e of started.splice(0)) await e.close();
});

/** Connect, write the pieces (with a pause between them), collect the answer bytes until the emulator closes. */
function talk(port: number, pieces: Uint8Array[], gapMs = 0): Promise<{ reply: number[]; error?: string }> {
  return new Promise((resolve) => {
    const reply: number[] = [];
    const s = net.connect({ port, host: '127.0.0.1' }, async () => {
      for (const p of pieces) {
        s.write(p);
        if (gapMs) await new Promise((r) => setTimeout(r, gapMs));
      }
      s.end();
    });
    s.on('data', (d: Buffer) => reply.push(...d));
    s.on('error', (e: NodeJS.ErrnoException) => resolve({ reply, error: e.code ?? e.message }));
    s.on('close', () => resolve({ reply }));
  });
}

const TEXT = Uint8Array.of(0x1b, 0x40, 0x41, 0x0a, 0x1b, 0x70, 0x00, 0x19, 0x32, 0x1d, 0x56, 0x01);

describe('printer emulator', () => {
  it('records each connection as one job with its raw bytes and decoding', async () => {
    const seen: EmulatorJob[] = [];
    const emu = await emulator({ onJob: (j) => seen.push(j) });
    expect(emu.port).toBeGreaterThan(0);
    await talk(emu.port, [TEXT.subarray(0, 4), TEXT.subarray(4)], 5);
    expect(emu.jobs).toHaveLength(1);
    expect(seen).toEqual(emu.jobs);
    expect(emu.jobs[0]).toMatchObject({
      id: 1,
      bytes: TEXT,
      printed: true,
      complete: true,
      mode: 'normal',
      lines: ['A'],
      cuts: 1,
      drawerPulses: [{ pin: 2, onMs: 50, offMs: 100 }],
      pulsesFired: 1,
      statusRequests: 0,
    });
    expect(Date.parse(emu.jobs[0]!.at)).not.toBeNaN();
  });

  it('answers DLE EOT at once, even split across packets; a status-only connection is not a job', async () => {
    const emu = await emulator();
    const { reply } = await talk(emu.port, [Uint8Array.of(0x10), Uint8Array.of(0x04), Uint8Array.of(0x01, 0x10, 0x04, 0x04)], 10);
    expect(reply).toEqual([0x12, 0x12]);
    expect(emu.jobs).toHaveLength(0);
    expect(emu.statusConnections).toBe(1);
  });

  it('answers status inside a job and keeps the request bytes in it', async () => {
    const emu = await emulator({ mode: 'paper_near_end' });
    const { reply } = await talk(emu.port, [Uint8Array.of(0x10, 0x04, 0x04, 0x41, 0x0a, 0x10, 0x04, 0x02)]);
    expect(reply).toEqual([0x1e, 0x12]);
    expect(emu.jobs[0]).toMatchObject({ statusRequests: 2, lines: ['A'], printed: true });
    expect(emu.jobs[0]!.bytes).toHaveLength(8);
  });

  it('answers with the bytes of each mode', async () => {
    const emu = await emulator();
    const ask = Uint8Array.of(0x10, 0x04, 1, 0x10, 0x04, 2, 0x10, 0x04, 3, 0x10, 0x04, 4);
    for (const mode of ['normal', 'paper_out', 'cover_open', 'offline', 'error', 'paper_near_end'] as const) {
      await emu.setMode(mode);
      const r = STATUS_REPLIES[mode];
      expect((await talk(emu.port, [ask])).reply).toEqual([r[1], r[2], r[3], r[4]]);
    }
    expect(STATUS_REPLIES.paper_out).toEqual({ 1: 0x1a, 2: 0x32, 3: 0x12, 4: 0x7e });
  });

  it('takes but does not print jobs when out of paper, cover open, offline or in error', async () => {
    const emu = await emulator();
    for (const mode of ['paper_out', 'cover_open', 'offline', 'error'] as const) {
      await emu.setMode(mode);
      await talk(emu.port, [TEXT]);
    }
    expect(emu.jobs.map((j) => [j.mode, j.printed, j.complete, j.drawerPulses.length, j.pulsesFired])).toEqual([
      ['paper_out', false, true, 1, 0],
      ['cover_open', false, true, 1, 0],
      ['offline', false, true, 1, 0],
      ['error', false, true, 1, 0],
    ]);
  });

  it("'drop' resets the connection after N bytes and keeps what arrived", async () => {
    const emu = await emulator({ mode: 'drop', dropAfterBytes: 5 });
    const { error } = await talk(emu.port, [TEXT.subarray(0, 3), TEXT.subarray(3)], 20);
    expect(error).toBe('ECONNRESET');
    expect(emu.jobs[0]).toMatchObject({ complete: false, printed: true, bytes: TEXT.subarray(0, 5), lines: ['A'], pulsesFired: 0 });
  });

  it("'slow' leaves a connection unread for delayMs", async () => {
    const emu = await emulator({ mode: 'slow', delayMs: 150 });
    const t0 = Date.now();
    const { reply } = await talk(emu.port, [Uint8Array.of(0x10, 0x04, 0x01)]);
    expect(reply).toEqual([0x12]);
    expect(Date.now() - t0).toBeGreaterThanOrEqual(140);
  });

  it("'down' refuses connections, cuts open ones, and comes back on the same port", async () => {
    const emu = await emulator();
    const port = emu.port;
    const open = net.connect({ port, host: '127.0.0.1' });
    const closed = new Promise<void>((r) => open.on('close', () => r()));
    open.on('error', () => undefined);
    await new Promise<void>((r) => open.on('connect', () => r()));
    open.write(Uint8Array.of(0x42, 0x0a));
    await new Promise((r) => setTimeout(r, 20));
    await emu.setMode('down');
    await closed;
    expect(emu.jobs[0]).toMatchObject({ lines: ['B'], complete: false, printed: false, mode: 'down' });
    expect((await talk(port, [TEXT])).error).toBe('ECONNREFUSED');
    await emu.setMode('normal');
    expect(emu.port).toBe(port);
    await talk(port, [TEXT]);
    expect(emu.jobs).toHaveLength(2);
  });

  it('listens on a given port; rejects unknown modes; waitForJobs waits and times out', async () => {
    const probe = await emulator();
    const port = probe.port;
    await probe.close();
    const emu = await emulator({ port });
    expect(emu.port).toBe(port);
    await expect(emu.setMode('jam' as never)).rejects.toThrow('Modo desconhecido: jam');
    const waiting = emu.waitForJobs(2, 2000);
    await talk(port, [TEXT]);
    await talk(port, [TEXT]);
    expect((await waiting).map((j) => j.id)).toEqual([1, 2]);
    await expect(emu.waitForJobs(3, 50)).rejects.toThrow('2 de 3');
    const ids: number[] = [];
    const off = emu.onJob((j) => ids.push(j.id));
    await talk(port, [TEXT]);
    off();
    await talk(port, [TEXT]);
    expect(ids).toEqual([3]);
    emu.clearJobs();
    expect(emu.jobs).toEqual([]);
  });

  it('decodes code page text, QR codes, cuts and drawer pulses', async () => {
      const emu = await emulator();
      const bytes = new ReceiptPrinterEncoder({ language: 'esc-pos', columns: 48, codepageMapping: 'epson' })
        .initialize()
        .codepage('cp858')
        .line('Total: 12,50 € ção')
        .qrcode('REC-1')
        .pulse(0, 100, 500)
        .cut()
        .encode();
      await talk(emu.port, [bytes]);
      expect(emu.jobs[0]).toMatchObject({ qr: ['REC-1'], cuts: 1, codepage: 'cp858', pulsesFired: 1 });
      expect(emu.jobs[0]!.lines).toContain('Total: 12,50 € ção');
      expect(emu.jobs[0]!.unknown).toBeUndefined();
  });
});
