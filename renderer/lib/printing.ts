/**
 * Pure helpers of the printing screens: the printer form and its call, the
 * status word of a printer, the counts behind the header badge, a job's name
 * and error in the screen's language, and the base64 of a PDF turned into bytes.
 */
import type { ChannelInput, ChannelOutput } from '../../core/contract.js';
import { printJobErrorMessage, type Lang } from '../../core/errors.js';
import { isDocumentKind, printVariant, TITLE_PARAM_NAMES } from '../../core/printing/jobs.js';
import { isTerminalId } from '../../core/terminal.js';
import type { HallTimeZone } from '../../core/time.js';

export type PrinterView = ChannelOutput<'printer.list'>[number];
export type PrinterStatusView = ChannelOutput<'printer.status'>;
export type PrintJobView = ChannelOutput<'print.jobs'>[number];
export type PrinterRole = PrinterView['role'];
export type Codepage = PrinterView['codepage'];

export const PRINTER_ROLES: readonly PrinterRole[] = ['receipts', 'guias', 'reports'];
export const CODEPAGES: readonly Codepage[] = ['cp1252', 'cp858'];
export const DEFAULT_TCP_PORT = 9100;
export const DEFAULT_DEVICE_PATH = '/dev/usb/lp0';
/** How often the printers' status is asked for while the settings screen is open. */
export const STATUS_POLL_MS = 10_000;

/** The form as typed: every field a string, as the inputs hold them. */
export interface PrinterForm {
  id: string;
  name: string;
  /** The terminal it serves; empty: the one this screen runs at. */
  terminalId: string;
  role: PrinterRole;
  transport: 'tcp' | 'device';
  host: string;
  port: string;
  path: string;
  codepage: Codepage;
  widthMm: '58' | '80';
  drawerPin: '' | '2' | '5';
}

export const EMPTY_PRINTER_FORM: PrinterForm = {
  id: '',
  name: '',
  terminalId: '',
  role: 'receipts',
  transport: 'tcp',
  host: '',
  port: String(DEFAULT_TCP_PORT),
  path: DEFAULT_DEVICE_PATH,
  codepage: 'cp1252',
  widthMm: '80',
  drawerPin: '',
};

/** The form filled with a configured printer (to change it). */
export function formOfPrinter(p: PrinterView): PrinterForm {
  return {
    id: p.id,
    name: p.name === p.id ? '' : p.name,
    terminalId: p.terminalId,
    role: p.role,
    transport: p.transport,
    host: p.host ?? '',
    port: String(p.port ?? DEFAULT_TCP_PORT),
    path: p.path ?? DEFAULT_DEVICE_PATH,
    codepage: p.codepage,
    widthMm: p.widthMm === 58 ? '58' : '80',
    drawerPin: p.drawerPin === null ? '' : p.drawerPin === 2 ? '2' : '5',
  };
}

type PrinterFormField = 'id' | 'terminalId' | 'host' | 'port' | 'path';

/** The `printer.configure` input, or the first field that is wrong. */
export function printerConfigureInput(
  form: PrinterForm,
): { ok: true; input: ChannelInput<'printer.configure'> } | { ok: false; field: PrinterFormField } {
  const id = form.id.trim();
  if (id === '' || id.length > 40) return { ok: false, field: 'id' };
  const terminalId = form.terminalId.trim();
  if (terminalId !== '' && !isTerminalId(terminalId)) return { ok: false, field: 'terminalId' };
  const base = {
    id,
    ...(form.name.trim() ? { name: form.name.trim().slice(0, 80) } : {}),
    ...(terminalId ? { terminalId } : {}),
    role: form.role,
    codepage: form.codepage,
    widthMm: form.widthMm === '58' ? (58 as const) : (80 as const),
    drawerPin: form.drawerPin === '' ? null : form.drawerPin === '2' ? (2 as const) : (5 as const),
  };
  if (form.transport === 'tcp') {
    const host = form.host.trim();
    if (host === '' || host.length > 255 || /\s/.test(host)) return { ok: false, field: 'host' };
    const portText = form.port.trim();
    const port = Number(portText);
    if (!/^\d{1,5}$/.test(portText) || port < 1 || port > 65535) return { ok: false, field: 'port' };
    return { ok: true, input: { ...base, transport: 'tcp', host, port } };
  }
  const path = form.path.trim();
  if (path === '' || path.length > 255) return { ok: false, field: 'path' };
  return { ok: true, input: { ...base, transport: 'device', path } };
}

/** `127.0.0.1:9100` or `/dev/usb/lp0`. */
export function printerAddress(p: Pick<PrinterView, 'transport' | 'host' | 'port' | 'path'>): string {
  if (p.transport === 'tcp') return `${p.host ?? '?'}:${p.port ?? DEFAULT_TCP_PORT}`;
  return p.path ?? '?';
}

type StatusWord = 'ready' | 'paperOut' | 'paperNearEnd' | 'coverOpen' | 'offline';

/** The one word the operator needs first: what stops the printer, else whether paper runs low. */
export function statusWord(s: PrinterStatusView): StatusWord {
  if (s.paperOut) return 'paperOut';
  if (s.coverOpen) return 'coverOpen';
  if (!s.online) return 'offline';
  if (s.paperNearEnd) return 'paperNearEnd';
  return 'ready';
}

interface JobCounts {
  failed: number;
  pending: number;
}

export function jobCounts(jobs: readonly Pick<PrintJobView, 'state'>[]): JobCounts {
  let failed = 0;
  let pending = 0;
  for (const j of jobs) {
    if (j.state === 'failed') failed += 1;
    else if (j.state === 'pending') pending += 1;
  }
  return { failed, pending };
}

/**
 * The i18n key (under printJobs.titles) and values of a job's name, from its
 * kind and title parameters; null when it lacks them (a job stored before
 * they existed): the stored pt-PT title is shown then.
 */
export function jobNameKey(job: Pick<PrintJobView, 'kind' | 'titleParams'>): { key: string; values: Record<string, string | number> } | null {
  const p = job.titleParams;
  if (p === null || !isDocumentKind(job.kind)) return null;
  const names: readonly string[] = TITLE_PARAM_NAMES[job.kind];
  if (!names.every((name) => typeof p[name] === 'string' || typeof p[name] === 'number')) return null;
  // A kind worded by one of its parameter's fixed values (a guia's copy, an announcement's moment), as its domain declares it.
  let key: string = job.kind;
  const variant = printVariant(job.kind);
  if (variant) {
    if (!variant.values.includes(p[variant.param] as string)) return null;
    key = `${job.kind}_${p[variant.param]}`;
  }
  // Only the named values: nothing stored can pass i18next an option (count, lng...).
  return { key: `printJobs.titles.${key}`, values: Object.fromEntries(names.map((name) => [name, p[name]!])) };
}

/** A printing failure in `lang` from its code and parameters; the stored pt-PT text when the code is unknown. */
function wordedError(text: string | null, code: string | null, params: Record<string, string | number> | null, lang: Lang, zone: HallTimeZone): string | null {
  return text === null ? null : (printJobErrorMessage(code, params, lang, zone) ?? text);
}

/** A job's last failure in `lang` (any time in it on the hall's clock). */
export const jobErrorText = (job: Pick<PrintJobView, 'lastError' | 'lastErrorCode' | 'lastErrorParams'>, lang: Lang, zone: HallTimeZone): string | null =>
  wordedError(job.lastError, job.lastErrorCode, job.lastErrorParams, lang, zone);

/** Why a printer's status could not be read, or the error it reports, in `lang`. */
export const statusErrorText = (s: Pick<PrinterStatusView, 'error' | 'errorCode' | 'errorParams'>, lang: Lang, zone: HallTimeZone): string | null =>
  wordedError(s.error, s.errorCode, s.errorParams, lang, zone);

/** The bytes of a base64 string (a PDF from report.actaPdf / report.sessionPdf). */
export function base64ToBytes(base64: string): Uint8Array<ArrayBuffer> {
  const binary = atob(base64);
  const bytes = new Uint8Array(binary.length);
  for (let i = 0; i < binary.length; i += 1) bytes[i] = binary.charCodeAt(i);
  return bytes;
}

/** A name safe to save under: no folders, something sensible when the kiosk sends none. */
export function safeFilename(name: string, fallback: string): string {
  const base = name.split(/[\\/]/).pop()?.trim() ?? '';
  const clean = Array.from(base, (c) => (c.charCodeAt(0) < 0x20 || '<>:"|?*'.includes(c) ? '_' : c)).join('');
  return clean === '' || clean === '.' || clean === '..' ? fallback : clean;
}

/**
 * A guia's two copies of one act (its issue or its payment), queued together
 * from `firstJobId`, as one state: the failed copy if one failed, else one
 * still waiting, else the printed one (undefined until the list shows them).
 */
export function guiaCopiesJob(jobs: readonly PrintJobView[] | undefined, guiaId: number, firstJobId: number | null): PrintJobView | undefined {
  if (!jobs || firstJobId === null) return undefined;
  const copies = jobs
    .filter((j) => j.refType === 'guia' && j.refId === guiaId && j.reprintOf === null && j.jobId >= firstJobId)
    .sort((a, b) => a.jobId - b.jobId)
    .slice(0, 2);
  return copies.find((j) => j.state === 'failed') ?? copies.find((j) => j.state !== 'printed') ?? copies[0];
}
