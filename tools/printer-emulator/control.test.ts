import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tcpTransport } from '../../printing/transport/tcp.js';
import { startEmulatorControl, type EmulatorControl } from './control.js';
import { startPrinterEmulator, type PrinterEmulator } from './server.js';

let emu: PrinterEmulator;
let control: EmulatorControl;
let base = '';
beforeAll(async () => {
  emu = await startPrinterEmulator();
  control = await startEmulatorControl(emu);
  base = `http://127.0.0.1:${control.port}`;
});
afterAll(async () => {
  await control.close();
  await emu.close();
});

const JOB = Uint8Array.of(0x1b, 0x40, 0x1b, 0x74, 19, 0x4f, 0x6c, 0xa0, 0x20, 0xd5, 0x0a, 0x1d, 0x56, 0x00);

describe('emulator HTTP control', () => {
  it('GET /jobs gives the jobs with their text and base64 bytes; /jobs/<id>/raw the bytes', async () => {
    const printer = tcpTransport({ host: '127.0.0.1', port: emu.port });
    await printer.send(JOB);
    await printer.send(Uint8Array.of(0x41, 0x0a));
    const jobs = (await (await fetch(`${base}/jobs`)).json()) as { id: number; lines: string[]; bytes: string; length: number }[];
    expect(jobs.map((j) => j.lines)).toEqual([['Olá €'], ['A']]);
    expect(Buffer.from(jobs[0]!.bytes, 'base64')).toEqual(Buffer.from(JOB));
    expect(jobs[0]!.length).toBe(JOB.length);
    const since = (await (await fetch(`${base}/jobs?since=1`)).json()) as { id: number }[];
    expect(since.map((j) => j.id)).toEqual([2]);
    const raw = await fetch(`${base}/jobs/1/raw`);
    expect(raw.headers.get('content-type')).toBe('application/octet-stream');
    expect(new Uint8Array(await raw.arrayBuffer())).toEqual(JOB);
    expect((await fetch(`${base}/jobs/99/raw`)).status).toBe(404);
    expect((await fetch(`${base}/jobs`, { method: 'DELETE' })).status).toBe(200);
    expect(emu.jobs).toHaveLength(0);
  });

  it('POST /mode/<mode> switches the printer; bad modes are 400', async () => {
    const printer = tcpTransport({ host: '127.0.0.1', port: emu.port });
    const r = await fetch(`${base}/mode/paper_out`, { method: 'POST' });
    expect(await r.json()).toMatchObject({ mode: 'paper_out' });
    expect(await printer.status()).toMatchObject({ paperOut: true, online: false });

    await fetch(`${base}/mode/drop?dropAfterBytes=3`, { method: 'POST' });
    expect(emu.dropAfterBytes).toBe(3);
    await fetch(`${base}/mode/slow?delayMs=10`, { method: 'POST' });
    expect(emu.delayMs).toBe(10);
    await fetch(`${base}/mode/down`, { method: 'POST' });
    await expect(printer.send(JOB)).rejects.toMatchObject({ code: 'CONNECT_REFUSED' });
    await fetch(`${base}/mode/normal`, { method: 'POST' });
    await printer.send(JOB);

    const status = (await (await fetch(`${base}/status`)).json()) as Record<string, unknown>;
    expect(status).toMatchObject({ mode: 'normal', port: emu.port, jobs: 1 });
    const bad = await fetch(`${base}/mode/jammed`, { method: 'POST' });
    expect(bad.status).toBe(400);
    expect(await bad.json()).toEqual({ error: 'modo desconhecido: jammed' });
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
  });
});
