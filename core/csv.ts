/**
 * The books as CSV files a pt-PT spreadsheet opens as they are (issue 20):
 * `;` between cells, amounts with a decimal comma and no thousands
 * separator (`1234,50`, read as a number), instants in the hall's time zone
 * (`05/03/2025 21:14:07`, the hall's `timeZone`), UTF-8 with a BOM (so accents read
 * right) and CRLF line ends; pt-PT headers. Written with csv-stringify, which
 * quotes a cell holding `;`, `"` or a line break.
 *
 * Every file says which program made it and when (issue 40) in two last
 * columns, `Programa` and `Gerado em`, the same on every row: one header line
 * and a rectangular table is what every spreadsheet and CSV reader takes as
 * it is. A `#` line before the header becomes the header in Excel and
 * LibreOffice (and needs `comment='#'` in pandas); a metadata row after the
 * last is read, summed and pivoted as data, or refused for its cell count.
 */
import { stringify } from 'csv-stringify/sync';
import { hallDay, hallTimestamp, type HallTimeZone } from './time.js';

type CsvCell = string | number | null;

/** One column: its pt-PT header and its cell of a row (`zone`: the hall's, for the times it holds). */
export interface CsvColumn<T> {
  header: string;
  cell: (row: T, zone: HallTimeZone) => CsvCell;
}

/** `1250` -> `12,50`, `-5` -> `-0,05`: cents as a spreadsheet's number, decimal comma, no thousands separator. */
export function csvCents(cents: number): string {
  const sign = cents < 0 ? '-' : '';
  const abs = Math.abs(cents);
  return `${sign}${Math.floor(abs / 100)},${String(abs % 100).padStart(2, '0')}`;
}

/** An instant as the hall reads it, to the second; empty when there is none. */
export function csvTime(iso: string | null | undefined, zone: HallTimeZone): string {
  return iso ? hallTimestamp(iso, zone) : '';
}

/** `sim` / `não`. */
export function csvYesNo(value: boolean): string {
  return value ? 'sim' : 'não';
}

/**
 * Text typed by a person (a note, a reason, a name): a cell starting with
 * `=`, `+`, `-`, `@` or a tab would be run as a formula by a spreadsheet, so
 * it gets a leading `'` (shown by none of them, kept as text).
 */
export function csvText(text: string | null | undefined): string {
  if (text === null || text === undefined) return '';
  return /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
}

/** Who made a file and when (the instant as the hall reads it, like every other time of the file). */
export interface CsvStamp {
  /** The program with its version: "bingo-caixa-kiosk 0.1.0 (e2add13a8618)". */
  software: string;
  /** When the file was made (ISO-8601). */
  madeAt: string;
}

/** `columns`, then `Programa` and `Gerado em` with the stamp on every row. */
export function stampedColumns<T>(columns: readonly CsvColumn<T>[], stamp: CsvStamp): CsvColumn<T>[] {
  return [...columns, { header: 'Programa', cell: () => stamp.software }, { header: 'Gerado em', cell: (_row, zone) => csvTime(stamp.madeAt, zone) }];
}

/** The byte order mark: the first character of every file. */
const CSV_BOM = '\ufeff';

// Quoted besides what csv-stringify quotes (`;`, `"`, CRLF): a lone line break (a spreadsheet would start a row there) and edge spaces.
const OPTIONS = { delimiter: ';', record_delimiter: 'windows', quoted_match: [/[\r\n]/, /^\s|\s$/] };

/** The header line (with the BOM first when `bom`). */
export function csvHeader(columns: readonly CsvColumn<never>[], bom = true): string {
  return (bom ? CSV_BOM : '') + stringify([columns.map((c) => c.header)], OPTIONS);
}

/** The lines of `rows`, no header: a large file is written a chunk at a time and joined. */
export function csvLines<T>(columns: readonly CsvColumn<T>[], rows: readonly T[], zone: HallTimeZone): string {
  if (rows.length === 0) return '';
  return stringify(
    rows.map((r) => columns.map((c) => c.cell(r, zone) ?? '')),
    OPTIONS,
  );
}

/** A whole file: BOM, header and rows, each row stamped with the program that made it and when. */
export function toCsv<T>(columns: readonly CsvColumn<T>[], rows: readonly T[], zone: HallTimeZone, stamp: CsvStamp): string {
  const all = stampedColumns(columns, stamp);
  return csvHeader(all as readonly CsvColumn<never>[]) + csvLines(all, rows, zone);
}

/** A file's name: `vendas-sessao-3.csv`; only letters, digits, `-` and `.`. */
export function csvFilename(...parts: (string | number)[]): string {
  return `${parts.map((p) => String(p).replace(/[^A-Za-z0-9.-]+/g, '-')).join('-')}.csv`;
}

/** `2025-03-01-a-2025-03-07`: a period [from, to)'s days in the hall, for a file's name (the last day is the one before `to`). */
export function csvPeriodName(from: string, to: string, zone: HallTimeZone): string {
  return `${hallDay(new Date(from), zone)}-a-${hallDay(new Date(new Date(to).getTime() - 1), zone)}`;
}
