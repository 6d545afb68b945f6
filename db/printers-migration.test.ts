/**
 * Migration 0021 (printers per terminal) on a database of the version before:
 * each printer belongs to the terminal that configured it last (its audit
 * row), else to the standalone kiosk's T1; afterwards a role is unique per
 * terminal, not per file.
 */
import { describe, expect, it } from 'vitest';
import { migrationFixture } from '../test/migrations.js';
import { migrate } from './connection.js';

const fixture = migrationFixture();
const AT = '2026-11-30T20:00:00.000Z';
const printer = (id: string, role: string) =>
  `INSERT INTO printers (id, name, role, transport, host, port, codepage, width_mm, updated_at) VALUES ('${id}', '${id}', '${role}', 'tcp', '127.0.0.1', 9100, 'cp858', 80, '${AT}');`;
const configured = (n: number, terminal: string, id: string, outcome = 'ok') =>
  `INSERT INTO audit_log (id, at, terminal_id, channel, outcome, input, prev_hash, hash) VALUES (${n}, '${AT}', '${terminal}', 'printer.configure', '${outcome}', '{"id":"${id}"}', 'p', 'h${n}');`;

describe('migration 0021-printers-per-terminal', () => {
  it("gives each printer the terminal of its last successful configuration, else T1; then one printer per role at each terminal", () => {
    const { db, latest } = fixture.before('0021-printers-per-terminal.sql');
    db.exec(`
      ${printer('balcao', 'receipts')}
      ${printer('guias', 'guias')}
      ${printer('relatorios', 'reports')}
      ${configured(1, 'T1', 'balcao')}
      ${configured(2, 'T7', 'balcao')}
      ${configured(3, 'T9', 'balcao', 'refused')}
      ${configured(4, 'Balcão 2', 'guias')}
    `);
    expect(migrate(db)).toBe(latest);
    expect(db.prepare(`SELECT id, terminal_id AS terminalId FROM printers ORDER BY id`).all()).toEqual([
      { id: 'balcao', terminalId: 'T7' },
      // A terminal name no certificate could carry (written before names were checked) falls back to T1.
      { id: 'guias', terminalId: 'T1' },
      { id: 'relatorios', terminalId: 'T1' },
    ]);
    // T1 may now have its own receipts printer beside T7's; a second one at T1 is refused by the database itself.
    db.exec(printer('balcao-1', 'receipts'));
    expect(() => db.exec(printer('balcao-1b', 'receipts'))).toThrow(/UNIQUE constraint failed: printers.terminal_id, printers.role/);
    expect(() => db.prepare(`UPDATE printers SET terminal_id = 'Balcão 2' WHERE id = 'guias'`).run()).toThrow(/CHECK constraint failed/);
  });
});
