/**
 * The list of persons barred from play (Lei n.º 83/2017, art. 76.º; SPEC 11):
 * the file the hall receives, read line by line, each entry with its
 * validity; an identification whose document is on the list in force that
 * day is refused. Pure: the services hash the documents and read the list.
 *
 * The file: a CSV of seven columns, a header first, ";" or "," between them:
 * name; document type; document number; issuing country; date of birth; valid
 * from; valid until (empty: until further notice). Dates as AAAA-MM-DD or
 * DD/MM/AAAA; the document type by its code (cc, passport, ...) or its name.
 */
import { KioskError } from '../refusal.js';
import { DOCUMENT_TYPE_LABELS, DOCUMENT_TYPES, normaliseDocumentNumber, type IdentityDocumentType } from './rules.js';

export interface BarredEntry {
  /** The file's line (1 = the header). */
  line: number;
  name: string;
  documentType: IdentityDocumentType;
  documentNumber: string;
  country: string;
  birthDate: string;
  validFrom: string;
  validUntil: string | null;
}

export const BARRED_FIELDS = ['name', 'documentType', 'documentNumber', 'country', 'birthDate', 'validFrom', 'validUntil'] as const;
export type BarredField = (typeof BARRED_FIELDS)[number] | 'columns';

/** At most this many entries in one file (a national list is some tens of thousands). */
export const BARRED_MAX_ENTRIES = 200_000;

function bad(line: number, field: BarredField): never {
  throw new KioskError('BARRED_FILE_INVALID', { line, field });
}

/** A day as AAAA-MM-DD, or DD/MM/AAAA turned so; a calendar day that exists. */
function dayOf(text: string): string | null {
  const iso = /^(\d{4})-(\d{2})-(\d{2})$/.exec(text);
  const pt = /^(\d{2})\/(\d{2})\/(\d{4})$/.exec(text);
  const [y, m, d] = iso ? [iso[1]!, iso[2]!, iso[3]!] : pt ? [pt[3]!, pt[2]!, pt[1]!] : [];
  if (y === undefined) return null;
  const day = `${y}-${m}-${d}`;
  const date = new Date(`${day}T00:00:00Z`);
  return Number.isNaN(date.getTime()) || date.toISOString().slice(0, 10) !== day ? null : day;
}

const TYPE_BY_WORD: ReadonlyMap<string, IdentityDocumentType> = new Map(
  DOCUMENT_TYPES.flatMap((t) => [
    [t, t],
    [DOCUMENT_TYPE_LABELS[t].toLowerCase(), t],
  ]),
);

/** One CSV line's cells: quoted cells may hold the separator ("" is a quote). */
function cellsOf(line: string, sep: string): string[] {
  const cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (quoted) {
      if (c === '"' && line[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === sep) {
      cells.push(cell);
      cell = '';
    } else cell += c;
  }
  cells.push(cell);
  return cells.map((c) => c.trim());
}

/** The file's entries, every line checked: the first line that is not an entry refuses the whole file. */
export function parseBarredCsv(content: string): BarredEntry[] {
  const lines = content.replace(/^\uFEFF/, '').split(/\r?\n/);
  const header = lines[0] ?? '';
  const sep = header.includes(';') ? ';' : ',';
  if (cellsOf(header, sep).length !== BARRED_FIELDS.length) bad(1, 'columns');
  const entries: BarredEntry[] = [];
  for (let i = 1; i < lines.length; i++) {
    const text = lines[i]!;
    if (text.trim() === '') continue;
    const line = i + 1;
    const cells = cellsOf(text, sep);
    if (cells.length !== BARRED_FIELDS.length) bad(line, 'columns');
    const [name, type, number, country, birth, from, until] = cells as [string, string, string, string, string, string, string];
    if (name.length < 2 || name.length > 120 || [...name].some((c) => c.charCodeAt(0) < 32)) bad(line, 'name');
    const documentType = TYPE_BY_WORD.get(type.toLowerCase());
    if (!documentType) bad(line, 'documentType');
    if (!/^[0-9A-Za-z .-]{3,30}$/.test(number) || normaliseDocumentNumber(number).length < 3) bad(line, 'documentNumber');
    if (!/^[A-Za-z]{2}$/.test(country)) bad(line, 'country');
    const birthDate = dayOf(birth) ?? bad(line, 'birthDate');
    const validFrom = dayOf(from) ?? bad(line, 'validFrom');
    const validUntil = until === '' ? null : (dayOf(until) ?? bad(line, 'validUntil'));
    if (validUntil !== null && validUntil < validFrom) bad(line, 'validUntil');
    entries.push({ line, name, documentType, documentNumber: number, country: country.toUpperCase(), birthDate, validFrom, validUntil });
    if (entries.length > BARRED_MAX_ENTRIES) throw new KioskError('BARRED_FILE_TOO_LONG', { max: BARRED_MAX_ENTRIES });
  }
  if (entries.length === 0) throw new KioskError('BARRED_FILE_EMPTY');
  return entries;
}

/** Whether an entry bars play on a day: from its first day to its last, both included (no last day: until further notice). */
export function barredOn(e: { validFrom: string; validUntil: string | null }, day: string): boolean {
  return e.validFrom <= day && (e.validUntil === null || day <= e.validUntil);
}

/** What an import will do, said before it is confirmed: how many entries, in force today, ended, yet to begin. */
export function barredSummary(entries: readonly BarredEntry[], day: string): { entries: number; inForce: number; ended: number; future: number } {
  let inForce = 0;
  let ended = 0;
  for (const e of entries) {
    if (barredOn(e, day)) inForce++;
    else if (e.validUntil !== null && e.validUntil < day) ended++;
  }
  return { entries: entries.length, inForce, ended, future: entries.length - inForce - ended };
}
