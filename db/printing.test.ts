/**
 * Migration 0011 (a job's failure as code and parameters) on a database of
 * the version before: its jobs are kept, with no code (their text is shown),
 * and new outcomes record the code and parameters, cleared when a job prints.
 */
import { describe, expect, it } from 'vitest';
import { migrationFixture } from '../test/migrations.js';
import { asWritable, migrate } from './connection.js';
import { jobById, recordJobOutcomes } from './printing.js';

const fixture = migrationFixture();
const AT = '2026-11-30T20:00:00.000Z';

describe('migration 0011-print-job-errors', () => {
  it('applies to a database of version 10, keeping its jobs, whose failures have no code', () => {
    const { db, version, latest } = fixture.before('0011-print-job-errors.sql');
    expect(version).toBe(10);
    db.exec(`
      INSERT INTO printers (id, name, role, transport, host, port, codepage, width_mm, updated_at)
        VALUES ('balcao', 'balcao', 'receipts', 'tcp', '127.0.0.1', 9100, 'cp858', 80, '${AT}');
      INSERT INTO print_jobs (id, created_at, kind, title, printer_id, document, state, attempts, last_error)
        VALUES (1, '${AT}', 'sale_receipt', 'Recibo de venda n.º 7', 'balcao', '{"kind":"sale_receipt","title":"Recibo de venda n.º 7","blocks":[]}',
                'failed', 3, 'Impressora sem papel.');
    `);

    expect(migrate(db)).toBe(latest);
    expect(db.pragma('user_version', { simple: true })).toBe(latest);
    const w = asWritable(db);
    expect(jobById(w, 1)).toMatchObject({ state: 'failed', lastError: 'Impressora sem papel.', lastErrorCode: null, lastErrorParams: null });

    recordJobOutcomes(w, [{ id: 1, pulseSent: false, state: 'failed', error: { message: 'Impressora sem papel.', code: 'PAPER_OUT', params: { address: '127.0.0.1:9100' } } }]);
    expect(jobById(w, 1)).toMatchObject({ lastErrorCode: 'PAPER_OUT', lastErrorParams: '{"address":"127.0.0.1:9100"}' });
    recordJobOutcomes(w, [{ id: 1, pulseSent: false, state: 'printed', printedAt: AT }]);
    expect(jobById(w, 1)).toMatchObject({ state: 'printed', lastError: null, lastErrorCode: null, lastErrorParams: null });
    // The parameters are JSON or nothing.
    expect(() => db.exec(`UPDATE print_jobs SET last_error_params = 'not json' WHERE id = 1`)).toThrow(/CHECK/);
  });
});
