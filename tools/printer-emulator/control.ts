/**
 * A tiny HTTP control for the printer emulator, so tests and tools can drive
 * it from outside the process (tools/printer-emulator/cli.ts serves it on the
 * printer's port + 1):
 *
 *   GET    /jobs[?since=<id>]   jobs as JSON (raw bytes as base64 in `bytes`)
 *   GET    /jobs/<id>/raw       one job's raw bytes (application/octet-stream)
 *   DELETE /jobs                forget the jobs
 *   GET    /status              { mode, host, port, delayMs, dropAfterBytes, jobs }
 *   POST   /mode/<mode>[?delayMs=N&dropAfterBytes=N]   switch mode, by its name
 *          (server.ts) or its Portuguese word (`desligar`, `papel`, ...)
 */

import http from 'node:http';
import { EMULATOR_MODE_WORDS, EMULATOR_MODES, emulatorModeOf, type EmulatorJob, type PrinterEmulator } from './server.js';

export interface EmulatorControl {
  port: number;
  close(): Promise<void>;
}

/** A job as JSON: everything, with the bytes in base64. */
export function jobToJson(job: EmulatorJob): Omit<EmulatorJob, 'bytes'> & { bytes: string; length: number } {
  return { ...job, bytes: Buffer.from(job.bytes).toString('base64'), length: job.bytes.length };
}

export function emulatorStatusJson(emu: PrinterEmulator): Record<string, unknown> {
  return {
    mode: emu.mode,
    host: emu.host,
    port: emu.port,
    delayMs: emu.delayMs,
    dropAfterBytes: emu.dropAfterBytes,
    jobs: emu.jobs.length,
    statusConnections: emu.statusConnections,
  };
}

export function startEmulatorControl(
  emu: PrinterEmulator,
  opts: { port?: number; host?: string } = {},
): Promise<EmulatorControl> {
  const server = http.createServer((req, res) => {
    handle(emu, req, res).catch((e: unknown) => send(res, 500, { error: e instanceof Error ? e.message : String(e) }));
  });
  return new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen({ port: opts.port ?? 0, host: opts.host ?? emu.host }, () => {
      server.off('error', reject);
      resolve({
        port: (server.address() as { port: number }).port,
        close: () =>
          new Promise<void>((r) => {
            server.closeAllConnections();
            server.close(() => r());
          }),
      });
    });
  });
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  const text = JSON.stringify(body);
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8', 'content-length': Buffer.byteLength(text) });
  res.end(text);
}

async function handle(emu: PrinterEmulator, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://emulator');
  const parts = url.pathname.split('/').filter((p) => p !== '');
  const method = req.method ?? 'GET';
  req.resume();

  if (parts[0] === 'jobs' && parts.length === 1) {
    if (method === 'GET') {
      const since = Number(url.searchParams.get('since') ?? 0);
      return send(res, 200, emu.jobs.filter((j) => j.id > since).map(jobToJson));
    }
    if (method === 'DELETE') {
      emu.clearJobs();
      return send(res, 200, { ok: true });
    }
  }
  if (parts[0] === 'jobs' && parts[2] === 'raw' && method === 'GET') {
    const job = emu.jobs.find((j) => j.id === Number(parts[1]));
    if (!job) return send(res, 404, { error: `trabalho ${parts[1]} não existe` });
    res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': job.bytes.length });
    res.end(Buffer.from(job.bytes));
    return;
  }
  if (parts[0] === 'status' && method === 'GET') return send(res, 200, emulatorStatusJson(emu));
  if (parts[0] === 'mode' && parts.length === 2 && method === 'POST') {
    const asked = parts[1] ?? '';
    const mode = emulatorModeOf(asked);
    if (mode === null) return send(res, 400, { error: `modo desconhecido: ${asked}`, modes: [...EMULATOR_MODES, ...Object.keys(EMULATOR_MODE_WORDS)] });
    const num = (k: string): number | undefined => {
      const v = url.searchParams.get(k);
      return v === null || !Number.isFinite(Number(v)) ? undefined : Number(v);
    };
    const o: { delayMs?: number; dropAfterBytes?: number } = {};
    const delayMs = num('delayMs');
    const dropAfterBytes = num('dropAfterBytes');
    if (delayMs !== undefined) o.delayMs = delayMs;
    if (dropAfterBytes !== undefined) o.dropAfterBytes = dropAfterBytes;
    await emu.setMode(mode, o);
    return send(res, 200, emulatorStatusJson(emu));
  }
  return send(res, 404, { error: 'não existe', routes: ['GET /jobs', 'GET /jobs/<id>/raw', 'DELETE /jobs', 'GET /status', 'POST /mode/<mode>'] });
}
