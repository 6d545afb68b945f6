/**
 * Migration 0013 (the direction of each launch, X.15) on a database of the
 * version before: its spins are kept, with no direction; the next launch may
 * go either way, and from it on the launches alternate, the database refusing
 * a launch without its direction or the wrong way.
 */
import { describe, expect, it } from 'vitest';
import { migrationFixture } from '../test/migrations.js';
import { asWritable, migrate } from './connection.js';
import { insertLog, lastLaunch, tableLog } from './roulette.js';

const fixture = migrationFixture();
const AT = '2026-11-30T20:00:00.000Z';

describe('migration 0013-roulette-launch-direction', () => {
  it('keeps the spins logged before it, without a direction; the next launch goes either way, then they alternate', () => {
    const { db, latest } = fixture.before('0013-roulette-launch-direction.sql');
    db.exec(`
      INSERT INTO operators (id, username, name, roles, pin_hash, created_at) VALUES (1, 'gerente', 'Gerente', '["manager"]', 'x', '${AT}');
      INSERT INTO roulette_tables (id, code, wheel, minimums, registered_at, registered_by) VALUES (1, 'R1', 'french', '{}', '${AT}', 1);
      INSERT INTO roulette_log (table_id, at, kind, number, note, operator_id) VALUES (1, '${AT}', 'spin', 17, NULL, 1);
    `);

    expect(migrate(db)).toBe(latest);
    const w = asWritable(db);
    expect(tableLog(w, 1, 10)).toMatchObject([{ kind: 'spin', number: 17, direction: null }]);
    expect(lastLaunch(w, 1)).toEqual({ kind: 'spin', direction: null });
    // Unknown before: either way is accepted by the database, and is the start of the alternation.
    insertLog(w, { tableId: 1, at: AT, kind: 'spin', number: 3, direction: 'right_to_left', note: null, operatorId: 1 });
    expect(() => insertLog(w, { tableId: 1, at: AT, kind: 'spin', number: 4, direction: 'right_to_left', note: null, operatorId: 1 })).toThrow(/launches alternate/);
    expect(() => insertLog(w, { tableId: 1, at: AT, kind: 'spin', number: 4, direction: null, note: null, operatorId: 1 })).toThrow(/records its direction/);
    insertLog(w, { tableId: 1, at: AT, kind: 'null_spin', number: null, direction: 'left_to_right', note: 'Caiu uma ficha', operatorId: 1 });
    // After a golpe nulo, the same way again.
    expect(() => insertLog(w, { tableId: 1, at: AT, kind: 'spin', number: 4, direction: 'right_to_left', note: null, operatorId: 1 })).toThrow(/launches alternate/);
    insertLog(w, { tableId: 1, at: AT, kind: 'spin', number: 4, direction: 'left_to_right', note: null, operatorId: 1 });
    expect(tableLog(w, 1, 10).map((e) => [e.kind, e.direction])).toEqual([
      ['spin', 'left_to_right'],
      ['null_spin', 'left_to_right'],
      ['spin', 'right_to_left'],
      ['spin', null],
    ]);
    // Only the two ways of X.15 (on a table with no launch, past the alternation).
    db.exec(`INSERT INTO roulette_tables (id, code, wheel, minimums, registered_at, registered_by) VALUES (2, 'R2', 'french', '{}', '${AT}', 1)`);
    expect(() => db.exec(`INSERT INTO roulette_log (table_id, at, kind, number, direction, operator_id) VALUES (2, '${AT}', 'spin', 5, 'upwards', 1)`)).toThrow(/CHECK/);
  });
});
