/**
 * Queue a document on the printer of a role, in the caller's transaction: the
 * job exists exactly when the money it documents was committed (ARCHITECTURE,
 * Printing). The printer is the caller's terminal's: a counter's receipt
 * prints at that counter. With no printer of that role the kiosk works on
 * without paper.
 */
import type { PrintRef } from '../../../core/print-kinds.js';
import { hallRow, type HallRow } from '../../../db/people.js';
import { insertJob, printerForRole, type PrinterRole } from '../../../db/printing.js';
import type { PrintDocument } from '../../../printing/layout.js';
import { softwareLabel } from '../../version.js';
import type { CommandContext } from './context.js';

/** What a job is linked to: a document its kind's domain declares (core/money-registry.ts PrintRef). */
type DocumentRef = { type: PrintRef; id: number };

/** What heads and closes every document: the hall's row, and the program that made it with its version (issue 40). */
type PrintedHall = HallRow & { software: string };

export function enqueue(
  ctx: CommandContext,
  role: PrinterRole,
  /** Given the hall's row: its name and licence head the document, its time zone prints the times; `software` ends it. */
  build: (hall: PrintedHall) => PrintDocument,
  ref: DocumentRef | null,
): number | null {
  const printer = printerForRole(ctx.db, ctx.terminalId, role);
  if (!printer) return null;
  const hall = hallRow(ctx.db)!;
  return insertJob(ctx.db, {
    at: ctx.at,
    printerId: printer.id,
    doc: build({ ...hall, software: softwareLabel() }),
    refType: ref?.type ?? null,
    refId: ref?.id ?? null,
    reprintOf: null,
    operatorId: ctx.operator?.id ?? null,
  });
}
