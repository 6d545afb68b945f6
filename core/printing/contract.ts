/** The printing domain's slice of the contract: printers, the print queue's jobs, reprints. */
import { z } from 'zod';
import { channel, empty, EVERYONE, id, isoTime, MANAGERS, plainText, terminalId } from '../schema.js';

/** Every counter that prints (the bingo counter, the casino caixa) sees, retries and reprints its jobs. */
const PRINTING_ROLES = EVERYONE;

export const PRINTER_ROLES = ['receipts', 'guias', 'reports'] as const;

const printerSchema = z.object({
  id: z.string(),
  name: z.string(),
  /** The terminal whose documents it prints and whose cash drawer it opens. */
  terminalId: z.string(),
  role: z.enum(PRINTER_ROLES),
  transport: z.enum(['tcp', 'device']),
  host: z.string().nullable(),
  port: z.number().int().nullable(),
  path: z.string().nullable(),
  codepage: z.enum(['cp1252', 'cp858']),
  widthMm: z.union([z.literal(58), z.literal(80)]),
  drawerPin: z.union([z.literal(2), z.literal(5)]).nullable(),
  drawerOnMs: z.number().int(),
  drawerOffMs: z.number().int(),
});

/** An error's parameters: numbers, codes and enums, never Portuguese text (each language words its message). */
const errorParams = z.record(z.string(), z.union([z.string(), z.number()]));

const printerStatusSchema = z.object({
  online: z.boolean(),
  coverOpen: z.boolean(),
  paperNearEnd: z.boolean(),
  paperOut: z.boolean(),
  /** In pt-PT; a screen words `errorCode` with `errorParams` (core/printing/printerErrors.ts) in its language. */
  error: z.string().nullable(),
  errorCode: z.string().nullable(),
  errorParams: errorParams.nullable(),
});

const printJobSchema = z.object({
  jobId: id,
  createdAt: isoTime,
  kind: z.string(),
  /** In pt-PT, as stored. */
  title: z.string(),
  /** The title's parameters by kind (core/printing/jobs.ts), for a screen to word it; null for jobs stored before they had them. */
  titleParams: z.record(z.string(), z.union([z.string(), z.number()])).nullable(),
  printerId: z.string(),
  state: z.enum(['pending', 'printed', 'failed']),
  attempts: z.number().int(),
  /** In pt-PT, as stored. */
  lastError: z.string().nullable(),
  /** The failure's code (a printer's or the kiosk's own) and parameters; null when unknown (see printJobErrorMessage). */
  lastErrorCode: z.string().nullable(),
  lastErrorParams: errorParams.nullable(),
  printedAt: isoTime.nullable(),
  reprintOf: id.nullable(),
  refType: z.string().nullable(),
  refId: z.number().int().nullable(),
  /** The document as plain text lines, for the on-screen preview. */
  preview: z.array(z.string()),
});

export const printingContract = {
  'printer.configure': channel({
    summary: 'Add or change a printer: its terminal and role, transport and address, code page, paper width, drawer pin.',
    kind: 'command',
    topics: ['printers'],
    roles: MANAGERS,
    input: z
      .object({
        id: plainText(1, 40),
        name: plainText(1, 80).optional(),
        /** The terminal it serves; the caller's own when not given (a manager at the hall server configures a counter's). */
        terminalId: terminalId.optional(),
        role: z.enum(PRINTER_ROLES),
        transport: z.enum(['tcp', 'device']),
        host: z.string().trim().min(1).max(255).optional(),
        port: z.number().int().min(1).max(65535).optional(),
        path: z.string().trim().min(1).max(255).optional(),
        codepage: z.enum(['cp1252', 'cp858']),
        widthMm: z.union([z.literal(58), z.literal(80)]),
        drawerPin: z.union([z.literal(2), z.literal(5)]).nullable().optional(),
        /** The drawer kick's on and off times (ESC p), 2-510 ms; defaults 100 and 500. */
        drawerOnMs: z.number().int().min(2).max(510).optional(),
        drawerOffMs: z.number().int().min(2).max(510).optional(),
      })
      .strict(),
    output: printerSchema,
  }),
  'printer.list': channel({
    summary: 'The configured printers.',
    kind: 'query',
    topics: ['printers'],
    roles: PRINTING_ROLES,
    input: empty,
    output: z.array(printerSchema),
  }),
  'printer.test': channel({
    summary: 'Print a test page (every special character, a ruler, a QR code).',
    kind: 'command',
    topics: ['print'],
    roles: MANAGERS,
    input: z.object({ id: z.string() }).strict(),
    output: printJobSchema,
  }),
  'printer.status': channel({
    summary: 'Ask the printer for its status (DLE EOT): offline, cover open, paper near end, paper out.',
    kind: 'query',
    topics: ['printers'],
    roles: PRINTING_ROLES,
    input: z.object({ id: z.string() }).strict(),
    output: printerStatusSchema,
  }),
  'print.jobs': channel({
    summary: 'Print jobs, newest first; failures show with their error.',
    kind: 'query',
    topics: ['print'],
    roles: PRINTING_ROLES,
    input: z.object({ since: z.number().int().min(0).optional(), limit: z.number().int().min(1).max(200).optional() }).strict(),
    output: z.array(printJobSchema),
  }),
  'print.retry': channel({
    summary: 'Try a failed job again.',
    kind: 'command',
    topics: ['print'],
    roles: PRINTING_ROLES,
    input: z.object({ jobId: id }).strict(),
    output: printJobSchema,
  }),
  'print.reprint': channel({
    summary: 'Print a document again, marked 2.ª VIA (never opens the drawer).',
    kind: 'command',
    topics: ['print'],
    roles: PRINTING_ROLES,
    input: z.object({ jobId: id }).strict(),
    output: printJobSchema,
  }),
} as const;
