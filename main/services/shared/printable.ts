/**
 * Saved texts that go on paper are checked against the printers' code pages
 * when they are saved (ARCHITECTURE, Rules every domain keeps): a hall name a
 * printer cannot print would otherwise make every later receipt fail.
 * Every configured printer counts, whatever its role: the hall's header and the
 * operator's name are on every kind of document. A text typed for one document
 * (a cheque's bank) is checked the same way against that document's printer.
 */
import { KioskError } from '../../../core/errors.js';
import { allMachines } from '../../../db/caixa.js';
import type { ReadableDb } from '../../../db/connection.js';
import { hallRow, listOperators } from '../../../db/people.js';
import { allPrinters, printerForRole, type PrinterRole } from '../../../db/printing.js';
import { describeCharacters, firstUnprintable, type PrintedText, type PrinterCodepage } from '../../../printing/printable.js';

/** Throw TEXT_NOT_PRINTABLE for the first text one of the printers (by default every configured one) cannot print. */
export function assertPrintable(db: ReadableDb, texts: readonly PrintedText[], printers: readonly PrinterCodepage[] = allPrinters(db)): void {
  const found = firstUnprintable(texts, printers);
  if (!found) return;
  const { text, printer, chars } = found;
  throw new KioskError(
    'TEXT_NOT_PRINTABLE',
    {
      field: text.field,
      ...(text.subject !== undefined ? { subject: text.subject } : {}),
      text: text.text,
      printer: printer.id,
      codepage: printer.codepage,
      chars: describeCharacters(chars),
      count: chars.length,
    },
    { field: text.field, subject: text.subject ?? null, printerId: printer.id, codepage: printer.codepage, chars },
  );
}

/**
 * The printer a document of `role` is queued on at a terminal, as a list for assertPrintable: a text typed for one
 * document (a cheque's bank) need only print there; empty without one, as nothing is printed then.
 */
export function printerOf(db: ReadableDb, terminalId: string, role: PrinterRole): PrinterCodepage[] {
  const printer = printerForRole(db, terminalId, role);
  return printer ? [{ id: printer.id, codepage: printer.codepage }] : [];
}

/** The optional text of a field being saved, as a list (empty when it is not given or cleared). */
export function printedText(field: PrintedText['field'], text: string | null | undefined, subject?: string): PrintedText[] {
  if (text === undefined || text === null || text === '') return [];
  return [{ field, text, ...(subject !== undefined ? { subject } : {}) }];
}

/** Every saved text that goes on the documents of any printer: the hall's name and licence, operators' names, machines' models and locations. */
export function savedPrintedTexts(db: ReadableDb): PrintedText[] {
  const hall = hallRow(db);
  return [
    ...printedText('hallName', hall?.hallName),
    ...printedText('licence', hall?.licence),
    ...listOperators(db).flatMap((o) => printedText('operatorName', o.name, o.username)),
    ...allMachines(db).flatMap((m) => [...printedText('machineModel', m.model, m.number), ...printedText('machineLocation', m.location, m.number)]),
  ];
}

/** Each cheque's bank is printed with its payment (a guia, chips): one its printer cannot print would fail the job on every retry. */
export function checkChequesPrintable(db: ReadableDb, terminalId: string, role: PrinterRole, cheques: readonly { bank: string; number: string }[]): void {
  assertPrintable(db, cheques.flatMap((c) => printedText('chequeBank', c.bank, c.number)), printerOf(db, terminalId, role));
}
