/**
 * The terminals port's print routes (issue 24, point 4): an enrolled counter
 * prints its own terminal's jobs on its own printers. Machine work, not an
 * operator's call: the connection's certificate is the only credential and
 * nothing is audited (as the hall's own queue records its attempts).
 *   POST /print/claim   {limit?}     the due jobs of one of the caller's printers, leased to it
 *   POST /print/report  {reports[]}  each attempt printed, or failed and why
 * A job of another terminal's printer is never claimed nor reported on.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Lang, Result } from '../../core/errors.js';
import type { Kiosk } from '../kiosk.js';
import { readBody, refuse, send } from '../web/server.js';

export const PRINT_CLAIM_PATH = '/print/claim';
export const PRINT_REPORT_PATH = '/print/report';

/** A batch's reports: at most the jobs one claim hands out (BATCH_LIMIT) and room to spare. */
const MAX_REPORTS = 256;
const MAX_PRINT_BODY = 512_000;

const claimInput = z.object({ limit: z.number().int().min(1).max(MAX_REPORTS).optional() }).strict();

const jobError = z
  .object({
    message: z.string().min(1).max(500),
    code: z.string().min(1).max(64).nullable(),
    params: z.record(z.string().max(64), z.union([z.string().max(500), z.number()])).nullable(),
  })
  .strict();

const reportInput = z
  .object({
    reports: z
      .array(
        z
          .object({
            jobId: z.number().int().positive(),
            attempts: z.number().int().min(0),
            drawer: z.boolean(),
            reached: z.boolean(),
            error: jobError.optional(),
          })
          .strict(),
      )
      .min(1)
      .max(MAX_REPORTS),
  })
  .strict();

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
  if (o.path === PRINT_CLAIM_PATH) {
    const parsed = claimInput.safeParse(input);
    if (!parsed.success) return refuse(res, 400, 'VALIDATION_FAILED', o.lang, { issues: z.prettifyError(parsed.error).slice(0, 300) });
    const value = o.kiosk.printQueue.claimFor(o.terminalId, parsed.data.limit);
    return send(res, 200, { ok: true, value } satisfies Result<typeof value>);
  }
  const parsed = reportInput.safeParse(input);
  if (!parsed.success) return refuse(res, 400, 'VALIDATION_FAILED', o.lang, { issues: z.prettifyError(parsed.error).slice(0, 300) });
  const value = o.kiosk.printQueue.reportFor(
    o.terminalId,
    parsed.data.reports.map((r) => ({ jobId: r.jobId, attempts: r.attempts, drawer: r.drawer, reached: r.reached, ...(r.error ? { error: r.error } : {}) })),
  );
  return send(res, 200, { ok: true, value } satisfies Result<typeof value>);
}
