/**
 * The people a Z names, by username: its report (drawer_closes.report) keeps
 * their full names as printed; the Z reports' file gives both (core/drawers/exports.ts).
 */
import type { ReadableDb } from './connection.js';
import { stmt } from './sql.js';

/** Who opened, closed and accepted the variance of a closed drawer, by username (the Z's report keeps full names). */
export function zUsernamesOf(db: ReadableDb, drawerId: number): { openedBy: string; closedBy: string; acceptedBy: string | null } | undefined {
  return stmt<[number], { openedBy: string; closedBy: string; acceptedBy: string | null }>(
    db,
    `SELECT o.username AS openedBy, c.username AS closedBy, a.username AS acceptedBy
       FROM drawer_closes z JOIN drawers d ON d.id = z.drawer_id JOIN operators o ON o.id = d.opened_by
       JOIN operators c ON c.id = z.closed_by LEFT JOIN operators a ON a.id = z.accepted_by
      WHERE z.drawer_id = ?`,
  ).get(drawerId);
}
