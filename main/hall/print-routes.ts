/**
 * The terminals port's print routes (issue 24, point 4): an enrolled counter
 * prints its own terminal's jobs on its own printers. Machine work, not an
 * operator's call: the connection's certificate is the only credential and
 * nothing is audited (as the hall's own queue records its attempts); each is
 * the dispatcher's machine command print.claim or print.report.
 *   POST /print/claim   {limit?}     the due jobs of one of the caller's printers, leased to it
 *   POST /print/report  {reports[]}  each attempt printed, or failed and why
 * A job of another terminal's printer is never claimed nor reported on.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import { errorMessage, KioskError, type Lang, type Result } from '../../core/errors.js';
import { machineContract } from '../../core/terminals/machine.js';
import type { Kiosk } from '../kiosk.js';
import { readBody, refuse, send } from '../web/server.js';

export const PRINT_CLAIM_PATH = '/print/claim';
export const PRINT_REPORT_PATH = '/print/report';

const MAX_PRINT_BODY = 512_000;

export function isPrintRoute(path: string): boolean {
  return path === PRINT_CLAIM_PATH || path === PRINT_REPORT_PATH;
}

export async function servePrintRoute(
  req: IncomingMessage,
  res: ServerResponse,
  o: { kiosk: Kiosk; terminalId: string; path: string; lang: Lang; bodyTimeoutMs: number },
): Promise<void> {
  if (req.method !== 'POST') return refuse(res, 405, 'UNKNOWN_CHANNEL', o.lang, { channel: `${req.method} ${o.path}` });
  const body = await readBody(req, o.bodyTimeoutMs, MAX_PRINT_BODY);
  if (!body.ok) {
    res.setHeader('Connection', 'close');
    return body.why === 'too_large'
      ? refuse(res, 413, 'VALIDATION_FAILED', o.lang, { issues: `corpo maior do que ${MAX_PRINT_BODY} bytes` })
      : refuse(res, 408, 'REQUEST_TIMEOUT', o.lang, { seconds: o.bodyTimeoutMs / 1000 });
  }
  let input: unknown;
  try {
    input = JSON.parse(body.text || '{}');
  } catch {
    return refuse(res, 400, 'VALIDATION_FAILED', o.lang, { issues: 'JSON inválido' });
  }
  const channel = o.path === PRINT_CLAIM_PATH ? 'print.claim' : 'print.report';
  const parsed = machineContract[channel].safeParse(input);
  if (!parsed.success) return refuse(res, 400, 'VALIDATION_FAILED', o.lang, { issues: z.prettifyError(parsed.error).slice(0, 300) });
  // The queue's writes as the dispatcher's machine command (one transaction of its own), never beside it.
  try {
    const value = await o.kiosk.machine(channel, parsed.data, { terminalId: o.terminalId });
    return send(res, 200, { ok: true, value } satisfies Result<unknown>);
  } catch (e) {
    if (!(e instanceof KioskError)) throw e;
    return send(res, 200, { ok: false, error: { code: e.code, message: errorMessage(e.code, e.params, o.lang) } } satisfies Result<never>);
  }
}
