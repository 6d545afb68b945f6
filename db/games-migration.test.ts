/**
 * Migration 0012 (one draw at a time, the closing time) on a database of the
 * version before, with foreign keys on as the kiosk opens it: the games table
 * is rebuilt for its new annulment reason, every game and every row that
 * refers to one kept, every reference whole; from it on the database refuses
 * a second draw begun in a session, and a game annulled for the closing time.
 */
import { describe, expect, it } from 'vitest';
import { migrationFixture } from '../test/migrations.js';
import { migrate } from './connection.js';

const fixture = migrationFixture();
const AT = '2026-11-30T20:00:00.000Z';

describe('migration 0012-one-draw-closing-time', () => {
  it('rebuilds games keeping every row and reference; then one draw at a time and the closing time as a reason', () => {
    const { db, latest } = fixture.before('0012-one-draw-closing-time.sql');
    db.pragma('foreign_keys = ON');
    db.exec(`
      INSERT INTO operators (id, username, name, roles, pin_hash, created_at) VALUES (1, 'gerente', 'Gerente', '["manager"]', 'x', '${AT}');
      INSERT INTO sessions (id, opened_at, scheduled_close_at, opened_by) VALUES (1, '${AT}', '2026-12-01T02:00:00.000Z', 1);
      INSERT INTO series (id, code, price_cents, size, registered_at) VALUES (1, 'A', 100, 300, '${AT}');
      INSERT INTO games (id, session_id, number, state, price_cents, first_series_id, first_start, opened_at, opened_by, is_last, annulled_at, annul_reason)
        VALUES (1, 1, 1, 'annulled', 100, 1, 1, '${AT}', 1, 0, '${AT}', 'announcement_error');
      INSERT INTO games (id, session_id, number, state, price_cents, first_series_id, first_start, opened_at, opened_by, sale_closed_at)
        VALUES (2, 1, 2, 'drawing', 100, 1, 11, '${AT}', 1, '${AT}');
      INSERT INTO games (id, session_id, number, state, price_cents, first_series_id, first_start, opened_at, opened_by, sale_closed_at)
        VALUES (3, 1, 3, 'sale_closed', 100, 1, 21, '${AT}', 1, '${AT}');
      INSERT INTO games (id, session_id, number, state, price_cents, first_series_id, first_start, opened_at, opened_by, double_of)
        VALUES (4, 1, 4, 'selling', 100, 1, 31, '${AT}', 1, 3);
      INSERT INTO sales (id, game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
        VALUES (1, 2, 'T1', 1, 10, 100, 1000, 'cash', 1000, 0, '${AT}');
      INSERT INTO balls (id, game_id, number, drawn_at, operator_id) VALUES (1, 2, 17, '${AT}', 1);
    `);
    const before = db.prepare(`SELECT * FROM games ORDER BY id`).all();

    expect(migrate(db)).toBe(latest);
    expect(db.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(db.pragma('foreign_key_check')).toEqual([]);
    expect(db.prepare(`SELECT * FROM games ORDER BY id`).all()).toEqual(before.map((g) => ({ ...(g as object), became_last_at: null })));
    // The tables that refer to games still do, and the references are enforced.
    for (const table of ['sales', 'balls', 'claims', 'game_closures', 'acta_entries']) {
      expect((db.pragma(`foreign_key_list(${table})`) as { table: string }[]).some((f) => f.table === 'games'), table).toBe(true);
    }
    expect(() => db.prepare(`INSERT INTO balls (game_id, number, drawn_at, operator_id) VALUES (99, 5, '${AT}', 1)`).run()).toThrow(/FOREIGN KEY/);
    // One draw at a time: game 2 is being drawn, game 3's draw may not begin.
    expect(() => db.prepare(`UPDATE games SET state = 'drawing' WHERE id = 3`).run()).toThrow(/one draw at a time/);
    db.prepare(`UPDATE games SET state = 'finished', finished_at = ? WHERE id = 2`).run(AT);
    db.prepare(`UPDATE games SET state = 'drawing' WHERE id = 3`).run();
    // The closing time is a reason now; a made-up one is not.
    db.prepare(`UPDATE games SET state = 'annulled', annulled_at = ?, annul_reason = 'closing_time' WHERE id = 4`).run(AT);
    expect(() => db.prepare(`UPDATE games SET annul_reason = 'whim' WHERE id = 4`).run()).toThrow(/CHECK/);
    // A game becomes the last only as the last (became_last_at needs is_last).
    expect(() => db.prepare(`UPDATE games SET became_last_at = ? WHERE id = 3`).run(AT)).toThrow(/CHECK/);
  });
});
