import { spawn, type ChildProcess } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tcpTransport } from '../../printing/transport/tcp.js';

// tools/printer-emulator/cli.ts as a developer runs it (tsx), driven over stdin and HTTP.

const script = fileURLToPath(new URL('./cli.ts', import.meta.url));
let child: ChildProcess;
let out = '';
let port = 0;
let controlPort = 0;

function waitFor(re: RegExp, timeoutMs = 5000): Promise<RegExpMatchArray> {
  return new Promise((resolve, reject) => {
    const t0 = Date.now();
    const tick = (): void => {
      const m = out.match(re);
      if (m) return resolve(m);
      if (Date.now() - t0 > timeoutMs) return reject(new Error(`not seen: ${re} in:\n${out}`));
      setTimeout(tick, 10);
    };
    tick();
  });
}

beforeAll(async () => {
  child = spawn(process.execPath, ['--import', 'tsx', script, '--port', '0'], { stdio: ['pipe', 'pipe', 'pipe'] });
  child.stdout!.on('data', (d: Buffer) => (out += String(d)));
  child.stderr!.on('data', (d: Buffer) => (out += String(d)));
  port = Number((await waitFor(/Emulador de impressora em 127\.0\.0\.1:(\d+)/, 10_000))[1]);
  controlPort = Number((await waitFor(/Controlo HTTP em http:\/\/127\.0\.0\.1:(\d+)/))[1]);
});
afterAll(() => {
  child.kill('SIGTERM');
});

describe('tools/printer-emulator/cli.ts', () => {
  it('prints each job as text with a header', async () => {
    const job = Uint8Array.of(0x1b, 0x40, 0x1b, 0x74, 19, ...Buffer.from('Total 12,50 \xd5', 'latin1'), 0x0a, 0x1b, 0x70, 0, 50, 250, 0x1d, 0x56, 0);
    await tcpTransport({ host: '127.0.0.1', port }).send(job);
    await waitFor(/Trabalho n\.º 1 · \d\d:\d\d:\d\d · 27 bytes · gaveta: 1 impulso\(s\) pino 2 100\/500 ms · corte: sim · cp858 · impresso\n│ Total 12,50 €/);
  });

  it('takes commands on stdin and on HTTP', async () => {
    const printer = tcpTransport({ host: '127.0.0.1', port });
    child.stdin!.write('papel\n');
    await waitFor(/Modo: sem papel \(paper_out\)/);
    expect(await printer.status()).toMatchObject({ paperOut: true });
    child.stdin!.write('papel\n');
    await waitFor(/Modo: normal \(normal\)/);
    expect(await printer.status()).toMatchObject({ paperOut: false, online: true });

    const r = await fetch(`http://127.0.0.1:${controlPort}/mode/cover_open`, { method: 'POST' });
    expect(r.status).toBe(200);
    expect(await printer.status()).toMatchObject({ coverOpen: true });
    child.stdin!.write('desligar\n');
    await waitFor(/Modo: desligada/);
    await expect(printer.send(Uint8Array.of(0x41))).rejects.toMatchObject({ code: 'CONNECT_REFUSED' });
    child.stdin!.write('normal\n');
    await waitFor(/Modo: normal \(normal\)[\s\S]*Modo: normal \(normal\)/);
    const jobs = (await (await fetch(`http://127.0.0.1:${controlPort}/jobs`)).json()) as unknown[];
    expect(jobs).toHaveLength(1);
  });
});
