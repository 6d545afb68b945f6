/** SQL of sessions, the acta's entries and the incident book (DN art. 10, 11, 17). */
import type { IncidentView } from '../../core/bingo/contract.js';
import type { ReadableDb, WritableDb } from '../connection.js';
import { stmt } from '../sql.js';

export interface SessionRow {
  id: number;
  openedAt: string;
  scheduledCloseAt: string;
  closedAt: string | null;
  openedBy: string;
  specialBalls: number | null;
}

const SESSION_SELECT = `SELECT s.id, s.opened_at AS openedAt, s.scheduled_close_at AS scheduledCloseAt,
  s.closed_at AS closedAt, o.username AS openedBy, s.special_balls AS specialBalls
  FROM sessions s JOIN operators o ON o.id = s.opened_by`;

export function openSession(db: ReadableDb): SessionRow | undefined {
  return stmt<[], SessionRow>(db, `${SESSION_SELECT} WHERE s.closed_at IS NULL`).get();
}

export function sessionById(db: ReadableDb, id: number): SessionRow | undefined {
  return stmt<[number], SessionRow>(db, `${SESSION_SELECT} WHERE s.id = ?`).get(id);
}

export function lastSession(db: ReadableDb): SessionRow | undefined {
  return stmt<[], SessionRow>(db, `${SESSION_SELECT} ORDER BY s.id DESC LIMIT 1`).get();
}

/** Whether a special prize was won in a session from `sessionId` on (N starts again from the base, art. 10.2). */
export function specialPrizeWonSince(db: ReadableDb, sessionId: number): boolean {
  return (
    stmt<[number], { one: number }>(
      db,
      `SELECT 1 AS one FROM winners w JOIN games g ON g.id = w.game_id WHERE w.kind = 'special' AND g.session_id >= ? LIMIT 1`,
    ).get(sessionId) !== undefined
  );
}

export function insertSession(db: WritableDb, s: { at: string; scheduledCloseAt: string; openedBy: number; specialBalls: number | null }): number {
  return Number(
    stmt(db, `INSERT INTO sessions (opened_at, scheduled_close_at, opened_by, special_balls) VALUES (?, ?, ?, ?)`).run(
      s.at,
      s.scheduledCloseAt,
      s.openedBy,
      s.specialBalls,
    ).lastInsertRowid,
  );
}

// ---- the acta ----------------------------------------------------------------------

type ActaEntryKind =
  | 'session_opened'
  | 'game_opened'
  | 'sale_closed'
  | 'line_awarded'
  | 'bingo_awarded'
  | 'game_annulled'
  | 'ball_set'
  | 'check'
  // The cards in stock at the session's start (DN 80/85, art. 3.º): each followed series' figures.
  | 'card_stock'
  /** The house put the special prize fund's starting amount in (SPEC 4). */
  | 'special_fund_started'
  /** A failure of the mechanism during the draw: it went on by hand (art. 16.2). */
  | 'manual_draw'
  /** A game opened earlier became the last, its draw beginning within the last 10 minutes (art. 14.5). */
  | 'last_game'
  /** A manager's decision carried the frozen special fund to a new prize (art. 10). */
  | 'special_fund_carried';

export function appendActa(db: WritableDb, e: { sessionId: number; gameId: number | null; at: string; kind: ActaEntryKind; data: unknown }): void {
  stmt(db, `INSERT INTO acta_entries (session_id, game_id, at, kind, data) VALUES (?, ?, ?, ?, ?)`).run(
    e.sessionId,
    e.gameId,
    e.at,
    e.kind,
    JSON.stringify(e.data),
  );
}

/** The frozen special fund carried to a new prize, as the session's acta recorded it (art. 10). */
export function fundCarriedOfSession(db: ReadableDb, sessionId: number): { at: string; amountCents: number; decision: string; by: string }[] {
  return stmt<[number], { at: string; data: string }>(db, `SELECT at, data FROM acta_entries WHERE session_id = ? AND kind = 'special_fund_carried' ORDER BY id`)
    .all(sessionId)
    .map((r) => {
      const d = JSON.parse(r.data) as { amountCents: number; decision: string; by: string };
      return { at: r.at, amountCents: d.amountCents, decision: d.decision, by: d.by };
    });
}

/** The special prize fund's starts written in a session's acta, with the number of the game won before a restart. */
export function fundStartsOfSession(db: ReadableDb, sessionId: number): { at: string; amountCents: number; gameNumber: number | null }[] {
  return stmt<[number], { at: string; amountCents: number; gameNumber: number | null }>(
    db,
    `SELECT a.at AS at, json_extract(a.data, '$.amountCents') AS amountCents, g.number AS gameNumber
       FROM acta_entries a LEFT JOIN games g ON g.id = a.game_id
      WHERE a.session_id = ? AND a.kind = 'special_fund_started' ORDER BY a.id`,
  ).all(sessionId);
}

/** The start and end checks of material and balls recorded in a session (art. 5.2, 11.1). */
export function checksOfSession(db: ReadableDb, sessionId: number): { at: string; phase: string; kind: string; by: string }[] {
  return stmt<[number], { at: string; data: string }>(db, `SELECT at, data FROM acta_entries WHERE session_id = ? AND kind = 'check' ORDER BY id`)
    .all(sessionId)
    .map((r) => {
      const d = JSON.parse(r.data) as { phase: string; kind: string; by: string };
      return { at: r.at, phase: d.phase, kind: d.kind, by: d.by };
    });
}

// ---- the incident book ----------------------------------------------------------------

type IncidentKind = 'manual' | 'suspension' | 'annulment' | 'ball_set' | 'ball_recall' | 'check';

export function addIncident(
  db: WritableDb,
  i: { sessionId: number | null; gameId: number | null; at: string; operatorId: number; kind: IncidentKind; text: string },
): number {
  return Number(
    stmt(db, `INSERT INTO incidents (session_id, game_id, at, operator_id, kind, text) VALUES (?, ?, ?, ?, ?, ?)`).run(
      i.sessionId,
      i.gameId,
      i.at,
      i.operatorId,
      i.kind,
      i.text,
    ).lastInsertRowid,
  );
}

export function incidentsOfSession(db: ReadableDb, sessionId: number): IncidentView[] {
  return stmt<[number], IncidentView>(
    db,
    `SELECT i.id, i.at, g.number AS gameNumber, o.username AS author, i.kind, i.text
       FROM incidents i JOIN operators o ON o.id = i.operator_id LEFT JOIN games g ON g.id = i.game_id
      WHERE i.session_id = ? ORDER BY i.id`,
  ).all(sessionId);
}

/** The day's close: the session gets its end time (art. 17.3) and its acta becomes final. */
export function markSessionClosed(db: WritableDb, sessionId: number, at: string): void {
  const { changes } = stmt(db, `UPDATE sessions SET closed_at = ? WHERE id = ? AND closed_at IS NULL`).run(at, sessionId);
  if (changes !== 1) throw new Error(`session ${sessionId} was not open`);
}

/** Whether the session's end-of-session check of the balls (art. 5.2) is in its acta. */
export function hasCheck(db: ReadableDb, sessionId: number, phase: 'start' | 'end', kind: 'balls' | 'material'): boolean {
  return (
    stmt(db, `SELECT 1 FROM acta_entries WHERE session_id = ? AND kind = 'check' AND json_extract(data, '$.phase') = ? AND json_extract(data, '$.kind') = ? LIMIT 1`).get(
      sessionId,
      phase,
      kind,
    ) !== undefined
  );
}
