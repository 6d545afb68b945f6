/**
 * Migration 0014 (the branch of n.º 6 a fund transfer took) on a database of
 * the version before: its transfers, which could only go to a fund of the
 * same model and bet, are of the first branch; the branch is one of the two.
 */
import { describe, expect, it } from 'vitest';
import { migrationFixture } from '../test/migrations.js';
import { asWritable, migrate } from './connection.js';
import { insertTransfer, recentTransfers } from './caixa.js';

const fixture = migrationFixture();
const AT = '2026-11-30T20:00:00.000Z';

describe('migration 0014-fund-transfer-branch', () => {
  it('keeps the transfers made before it, as of the first branch; a new one records its branch', () => {
    const { db, latest } = fixture.before('0014-fund-transfer-branch.sql');
    db.exec(`
      INSERT INTO operators (id, username, name, roles, pin_hash, created_at) VALUES (1, 'gerente', 'Gerente', '["manager"]', 'x', '${AT}'), (2, 'admin', 'Admin', '["admin"]', 'x', '${AT}');
      INSERT INTO fund_transfers (id, from_fund, to_fund, amount_cents, authorisation_ref, at, operator_id, approved_by)
        VALUES (1, 'machine:7', 'machine:8', 12345, 'IGJ 1/2026', '${AT}', 1, 2);
    `);

    expect(migrate(db)).toBe(latest);
    const w = asWritable(db);
    insertTransfer(w, { from: 'machine:9', to: 'machine:7', branch: 'inspectorate', amountCents: 4321, authorisationRef: 'IGJ 77/2026', at: AT, operatorId: 1, approvedBy: 2 });
    expect(recentTransfers(w, 10).map((t) => [t.transferId, t.branch, t.authorisationRef, t.operator, t.approvedBy])).toEqual([
      [2, 'inspectorate', 'IGJ 77/2026', 'gerente', 'admin'],
      [1, 'same_model', 'IGJ 1/2026', 'gerente', 'admin'],
    ]);
    expect(() =>
      db.exec(`INSERT INTO fund_transfers (from_fund, to_fund, branch, amount_cents, authorisation_ref, at, operator_id, approved_by)
                VALUES ('machine:9', 'machine:7', 'other', 1, 'X', '${AT}', 1, 2)`),
    ).toThrow(/CHECK/);
    expect(() => db.exec(`UPDATE fund_transfers SET branch = 'inspectorate' WHERE id = 1`)).toThrow(/append-only/);
  });
});
