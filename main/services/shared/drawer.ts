/**
 * The drawer a call's cash goes through: the acting operator's own open
 * drawer on the caller's terminal (SPEC 9; core/drawers/rules.ts,
 * drawerOfOperator). Every service that moves cash asks here, so a caixa
 * never pays out of the cashier's drawer on a shared terminal.
 */
import { drawerOfOperator } from '../../../core/drawers/rules.js';
import { approves } from '../../../core/people/rules.js';
import { KioskError } from '../../../core/errors.js';
import type { ReadableDb } from '../../../db/connection.js';
import { openDrawersAt, type DrawerRow } from '../../../db/drawers.js';
import type { Operator } from './access/operator-sessions.js';

/** The operator's drawer here, or null when none is open; someone else's is refused (DRAWER_NOT_YOURS). */
function drawerOf(db: ReadableDb, terminalId: string, operator: Operator, supervised = true): DrawerRow | null {
  return drawerOfOperator(openDrawersAt(db, terminalId), { id: operator.id, supervises: supervised && approves(operator.roles) });
}

/** The operator's drawer here, which must be open (DRAWER_NOT_OPEN). */
export function requireDrawerOf(db: ReadableDb, terminalId: string, operator: Operator): DrawerRow {
  const drawer = drawerOf(db, terminalId, operator);
  if (!drawer) throw new KioskError('DRAWER_NOT_OPEN');
  return drawer;
}

/**
 * The operator's very own open drawer here, a manager's too (issue 41): what
 * pays a guia or exchanges chips at the caixa is the payer's own, never the
 * cashier's drawer he supervises on a shared terminal (DRAWER_NOT_YOURS,
 * DRAWER_NOT_OPEN).
 */
export function requireOwnDrawer(db: ReadableDb, terminalId: string, operator: Operator): DrawerRow {
  const drawer = drawerOf(db, terminalId, operator, false);
  if (!drawer) throw new KioskError('DRAWER_NOT_OPEN');
  return drawer;
}

/** For a question (what is my drawer?): null where the operator has none, never a refusal. */
export function drawerShownTo(db: ReadableDb, terminalId: string, operator: Operator): DrawerRow | null {
  try {
    return drawerOf(db, terminalId, operator);
  } catch (e) {
    if (e instanceof KioskError && e.code === 'DRAWER_NOT_YOURS') return null;
    throw e;
  }
}
