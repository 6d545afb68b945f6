/**
 * Crash safety (issue 2, Proof): a child process sells in a tight loop on a
 * real SQLite file and is killed with SIGKILL at a random moment, again and
 * again on the same folder. After every kill the database must show no number
 * sold twice, none skipped (a void gives its numbers back), every sale the
 * child saw committed, a balanced ledger that matches the sales, a valid
 * audit chain and a sound file.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, describe, expect, it } from 'vitest';
import { appendAudit } from '../../db/audit.js';
import { openDatabase } from '../../db/connection.js';
import { DATABASE_FILE } from '../../main/kiosk.js';
import { createHall, createHarness } from '../harness.js';
import { testScript } from '../program.js';
import { checkDatabase, emptyReported, readReport, tilingProblems, type DbFigures, type Reported } from './checks.js';

const HERE = dirname(fileURLToPath(import.meta.url));
const ROOT = resolve(HERE, '../..');
const CHILD = join(HERE, 'sell-loop.ts');

const ITERATIONS = 25;
const KILL_AFTER_MS = [50, 400] as const;

describe('the crash checker itself', () => {
  it('reports overlaps, gaps and overruns with the series and the numbers', () => {
    const series = [
      { code: 'A', nextNumber: 11 },
      { code: 'B', nextNumber: 6 },
      { code: 'C', nextNumber: 1 },
      { code: 'D', nextNumber: 3 },
    ];
    const ranges = [
      { saleId: 1, seriesCode: 'A', from: 1, to: 4 },
      { saleId: 2, seriesCode: 'A', from: 4, to: 6 }, // 4 twice
      { saleId: 3, seriesCode: 'A', from: 9, to: 10 }, // 7-8 skipped
      { saleId: 4, seriesCode: 'B', from: 1, to: 3 }, // 4-5 skipped at the end
      { saleId: 5, seriesCode: 'C', from: 1, to: 2 }, // sold, but next number still 1
      { saleId: 6, seriesCode: 'D', from: 1, to: 2 }, // fine
      { saleId: 7, seriesCode: 'Z', from: 1, to: 1 },
    ];
    expect(tilingProblems(series, ranges)).toEqual([
      'series A: number 4 sold twice (sale 2 overlaps sale 1)',
      'series A: numbers 7-8 skipped (before sale 3)',
      'series B: numbers 4-5 skipped (next number is 6)',
      'series C: numbers 1-2 sold but next number is still 1',
      'series Z: 1 ranges of an unknown series',
    ]);
    expect(tilingProblems(series.slice(3), ranges.slice(5, 6))).toEqual([]);
  });

  it('finds a doubled number, a skipped number, a lost sale and a broken chain in a real database', async () => {
    const h = await createHarness();
    try {
      const { manager, cashier } = await createHall(h);
      await h.ok('series.register', { code: 'A', priceCents: 150, size: 20 }, manager);
      await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(h.clock.now().getTime() + 3_600_000).toISOString() }, manager);
      const game = await h.ok('game.open', { seriesCode: 'A' }, manager);
      const reported: Reported = emptyReported();
      for (const quantity of [3, 2]) {
        const s = await h.ok('sale.create', { gameId: game.id, quantity, payment: { method: 'cash', tenderedCents: 1000 } }, cashier);
        reported.sales.set(s.saleId, { gameId: game.id, ranges: s.ranges, quantity, totalCents: s.totalCents });
      }
      const db = h.kiosk.db;
      const clean = checkDatabase(db, reported);
      expect(clean.problems).toEqual([]);
      expect(clean.figures).toMatchObject({ sales: 2, voids: 0, liveTotalCents: 750, maxSaleId: 2 });

      // A skipped number: the series moved on without a sale.
      db.prepare(`UPDATE series SET next_number = 8 WHERE code = 'A'`).run();
      expect(checkDatabase(db, reported).problems).toEqual(['series A: numbers 6-7 skipped (next number is 8)']);
      db.prepare(`UPDATE series SET next_number = 6 WHERE code = 'A'`).run();

      // A doubled number: a sale (with its ledger and audit rows) that reuses number 5.
      db.transaction(() => {
        db.prepare(
          `INSERT INTO sales (id, game_id, terminal_id, operator_id, quantity, unit_price_cents, total_cents, payment_method, tendered_cents, change_cents, created_at)
           VALUES (3, ?, 'T1', 3, 2, 150, 300, 'cash', 300, 0, '2026-11-30T20:00:00.000Z')`,
        ).run(game.id);
        db.prepare(`INSERT INTO sale_ranges VALUES (3, 1, 1, 5, 6)`).run();
        db.prepare(`UPDATE series SET next_number = 7 WHERE code = 'A'`).run();
        db.prepare(`INSERT INTO ledger_transactions (id, at, kind, ref_type, ref_id) VALUES (99, 'x', 'card_sale', 'sale', 3)`).run();
        db.prepare(`INSERT INTO ledger_entries (transaction_id, account, amount_cents) VALUES (99, 'cash:T1', 300), (99, 'revenue:cards', -300)`).run();
        appendAudit(db, { at: 'x', operatorId: 3, terminalId: 'T1', channel: 'sale.create', outcome: 'ok', input: {}, before: null, after: null });
      })();
      expect(checkDatabase(db, reported).problems).toEqual(['series A: number 5 sold twice (sale 3 overlaps sale 2)']);

      // A sale the seller saw committed that is not there, and a void likewise.
      reported.sales.set(42, { gameId: game.id, ranges: [{ seriesCode: 'A', from: 7, to: 7 }], quantity: 1, totalCents: 150 });
      reported.voids.add(2);
      expect(checkDatabase(db, reported).problems).toEqual([
        'series A: number 5 sold twice (sale 3 overlaps sale 2)',
        'sale 42 was reported committed but is not in the database',
        'void of sale 2 was reported committed but is not in the database',
      ]);
      reported.sales.delete(42);
      reported.voids.clear();

      // Money in the drawer that no sale explains, and a forged audit row.
      db.prepare(`INSERT INTO ledger_transactions (id, at, kind) VALUES (100, 'x', 'adjust')`).run();
      db.prepare(`INSERT INTO ledger_entries (transaction_id, account, amount_cents) VALUES (100, 'cash:T1', 5)`).run();
      const lastAudit = db.prepare(`SELECT MAX(id) FROM audit_log`).pluck().get() as number;
      db.prepare(
        `INSERT INTO audit_log (id, at, terminal_id, channel, outcome, input, prev_hash, hash) VALUES (?, 'x', 'T1', 'forged', 'ok', '{}', 'p', 'h')`,
      ).run(lastAudit + 1);
      expect(checkDatabase(db, reported).problems).toEqual([
        'series A: number 5 sold twice (sale 3 overlaps sale 2)',
        'ledger: unbalanced transactions 100',
        'ledger: cash:T1 is 1055 but the live sales total 1050',
        `audit: chain broken at row ${lastAudit + 1}`,
      ]);
    } finally {
      h.close();
    }
  });
});

interface Run {
  stdout: string;
  stderr: string;
  killedAfterMs: number;
  readyAfterMs: number;
}

/** Start the seller, wait for its `ready` line, let it sell 50-400 ms, SIGKILL it. */
function runAndKill(dataDir: string): Promise<Run> {
  return new Promise((resolvePromise, reject) => {
    const started = Date.now();
    const child = spawn(process.execPath, [...testScript(CHILD), dataDir], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    let killedAfterMs = -1;
    let readyAfterMs = -1;
    let timer: NodeJS.Timeout | undefined;
    const guard = setTimeout(() => {
      child.kill('SIGKILL');
      reject(new Error(`the seller never reported ready within 20 s; stderr: ${stderr}`));
    }, 20_000);
    child.stdout.setEncoding('utf8');
    child.stderr.setEncoding('utf8');
    child.stdout.on('data', (chunk: string) => {
      stdout += chunk;
      if (readyAfterMs < 0 && stdout.includes('{"t":"ready"')) {
        readyAfterMs = Date.now() - started;
        const wait = KILL_AFTER_MS[0] + Math.floor(Math.random() * (KILL_AFTER_MS[1] - KILL_AFTER_MS[0] + 1));
        timer = setTimeout(() => {
          killedAfterMs = wait;
          child.kill('SIGKILL');
        }, wait);
      }
    });
    child.stderr.on('data', (chunk: string) => (stderr += chunk));
    child.on('error', reject);
    // 'close' comes after the pipes are drained: every line the child wrote is in `stdout`.
    child.on('close', (code, signal) => {
      clearTimeout(guard);
      clearTimeout(timer);
      if (signal !== 'SIGKILL' || killedAfterMs < 0) {
        reject(new Error(`the seller stopped by itself (code ${code}, signal ${signal}); stderr:\n${stderr}`));
        return;
      }
      resolvePromise({ stdout, stderr, killedAfterMs, readyAfterMs });
    });
  });
}

describe('crash safety: a seller killed with SIGKILL at random moments', () => {
  const dataDir = mkdtempSync(join(tmpdir(), 'kiosk-crash-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  it(`keeps serial numbers, sales, ledger and audit whole across ${ITERATIONS} kills`, { timeout: 120_000 }, async () => {
    const reported = emptyReported();
    let prevMaxSaleId = 0;
    let inFlightCommits = 0;
    let killedWhileSelling = 0;
    let figures: DbFigures | undefined;
    const started = Date.now();
    for (let i = 1; i <= ITERATIONS; i++) {
      const run = await runAndKill(dataDir);
      const before = reported.sales.size;
      const { ready } = readReport(run.stdout, reported);
      expect(ready, `iteration ${i}: no ready line`).toBe(true);
      expect(run.stderr, `iteration ${i}: the seller wrote errors`).toBe('');

      // Restart: open the folder as the kiosk would (WAL recovery happens here).
      const db = openDatabase(join(dataDir, DATABASE_FILE));
      try {
        const check = checkDatabase(db, reported);
        expect(check.problems, `iteration ${i} (killed ${run.killedAfterMs} ms after ready)`).toEqual([]);
        figures = check.figures;
        // Among this run's sales, at most one committed without being reported
        // (the kill fell between COMMIT and the stdout line): the newest one.
        const newIds = (db.prepare(`SELECT id FROM sales WHERE id > ? ORDER BY id`).pluck().all(prevMaxSaleId) as number[]);
        const unreported = newIds.filter((id) => !reported.sales.has(id));
        expect(unreported.length, `iteration ${i}: unreported sales ${unreported.join(', ')}`).toBeLessThanOrEqual(1);
        if (unreported.length === 1) {
          expect(unreported[0]).toBe(newIds.at(-1));
          inFlightCommits++;
        }
        // Under load a kill 50 ms after ready can land before the first sale.
        if (reported.sales.size > before) killedWhileSelling++;
        prevMaxSaleId = check.figures.maxSaleId;
      } finally {
        db.close();
      }
    }
    const elapsedMs = Date.now() - started;
    // The loop must have exercised what can go wrong: voids (numbers given back
    // and sold again), second-series takeovers and sales spanning two series.
    expect(killedWhileSelling).toBeGreaterThanOrEqual(ITERATIONS / 2);
    expect(figures!.voids).toBeGreaterThan(0);
    expect(figures!.reusedVoidRanges).toBeGreaterThan(0);
    expect(figures!.takeovers).toBeGreaterThan(0);
    expect(figures!.spanningSales).toBeGreaterThan(0);
    console.log(
      `[crash] ${ITERATIONS} kills in ${(elapsedMs / 1000).toFixed(1)} s: ${JSON.stringify({ ...figures, reportedSales: reported.sales.size, inFlightCommits, killedWhileSelling })}`,
    );
  });
});
