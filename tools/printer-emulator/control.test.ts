import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tcpTransport } from '../../printing/transport/tcp.js';
import { startEmulatorControl, type EmulatorControl } from './control.js';
import { EMULATOR_MODES, startPrinterEmulator, type PrinterEmulator } from './server.js';

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
    expect(await bad.json()).toMatchObject({ error: 'modo desconhecido: jammed' });
    expect((await fetch(`${base}/nothing`)).status).toBe(404);
  });

  it("takes every mode the hall's guide names, by its name and by its Portuguese word, and the guide names every mode", async () => {
    const guide = readFileSync(join(import.meta.dirname, '..', '..', 'docs', 'hall-operations.md'), 'utf8');
    const start = guide.indexOf('npm run printer:emulator');
    const end = guide.indexOf('\n### ', start);
    expect(start).toBeGreaterThan(-1);
    expect(end).toBeGreaterThan(start);
    const section = guide.slice(start, end);
    const rows = [...section.matchAll(/^\| `([a-z_]+)` \| `([a-z]+)` \|/gm)].map((m) => ({ mode: m[1]!, word: m[2]! }));
    expect(rows.map((r) => r.mode).sort()).toEqual([...EMULATOR_MODES].sort());
    // Every other word the section puts in backticks as a mode is one of the table's (the prose cannot drift either).
    const named = new Set([...section.matchAll(/`([a-z_]+)`/g)].map((m) => m[1]!));
    named.delete('ajuda');
    expect([...named].filter((w) => !rows.some((r) => r.mode === w || r.word === w))).toEqual([]);
    const post = async (name: string) => {
      const r = await fetch(`${base}/mode/${name}`, { method: 'POST' });
      return { status: r.status, mode: ((await r.json()) as { mode?: string }).mode };
    };
    for (const { mode, word } of rows) {
      expect(await post(mode), mode).toEqual({ status: 200, mode });
      expect(await post('normal')).toEqual({ status: 200, mode: 'normal' });
      expect(await post(word), word).toEqual({ status: 200, mode });
      expect(emu.mode).toBe(mode);
    }
    // The guide's own example: switched off, a job is refused; back on, it prints.
    const printer = tcpTransport({ host: '127.0.0.1', port: emu.port });
    expect(await post('desligar')).toEqual({ status: 200, mode: 'down' });
    await expect(printer.send(JOB)).rejects.toMatchObject({ code: 'CONNECT_REFUSED' });
    expect(await post('ligar')).toEqual({ status: 200, mode: 'normal' });
    await printer.send(JOB);
  });
});
