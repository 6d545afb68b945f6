/**
 * group:verify over a large journal (issue 25, proof: a million entries within
 * 60 s): a hall file of `entries` audit entries (sales, as a busy hall writes
 * them) shipped into a database of the bench's own with `journal:ship`, then
 * `group:verify` run as an operator runs it, and timed whole (the command's
 * start included). Both through the command line, so the figure is the
 * program's as shipped. Prints one JSON object on stdout when run alone.
 *
 * Then a new day (issue 43): the check is run with the witness's key (its result kept signed), a day of a hundred
 * halls is written after the journal (100 x 2,000 entries, in this one hall: the check's work is per new entry; the
 * per-hall part, two indexed look-ups, is left out) and shipped, and group:verify run again: it reads the day only.
 *
 * Knobs: BENCH_VERIFY_ENTRIES (1,000,000), BENCH_VERIFY_DAY (200,000).
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { performance } from 'node:perf_hooks';
import { appendAudit } from '../db/audit.js';
import { openDatabase, writeTransaction } from '../db/connection.js';
import { DATABASE_FILE } from '../main/kiosk.js';
import { createTestDatabase } from '../test/postgres.js';
import { isEntry } from './rpc-client.js';
import { round } from './stats.js';
import { printFigures } from './record.js';

const ROOT = resolve(import.meta.dirname, '..');
const log = (text: string) => process.stderr.write(`[group-verify bench] ${text}\n`);

/** Writes `entries` sales' audit entries into a new hall file in `dir`, in transactions of 50,000 (a night's journal). */
export function seedJournal(dir: string, entries: number, first = 1): void {
  const db = openDatabase(join(dir, DATABASE_FILE));
  try {
    const at0 = Date.UTC(2026, 11, 1, 10);
    const last = first + entries - 1;
    for (let from = first; from <= last; from += 50_000) {
      const to = Math.min(last, from + 49_999);
      writeTransaction(db, () => {
        for (let i = from; i <= to; i++) {
          appendAudit(db, {
            at: new Date(at0 + i * 50).toISOString(),
            operatorId: null,
            terminalId: 'T1',
            channel: 'sale.create',
            outcome: 'ok',
            input: { gameId: 1, quantity: 2, payment: { method: 'cash', tenderedCents: 500 } },
            before: undefined,
            after: { saleId: i, ranges: [{ seriesCode: 'A', from: 2 * i - 1, to: 2 * i }], quantity: 2, totalCents: 200, tenderedCents: 500, changeCents: 300 },
          });
        }
      });
    }
  } finally {
    db.close();
  }
}

function cli(args: string[]): { status: number | null; stdout: string; stderr: string; seconds: number } {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, ['--import', 'tsx', 'main/cli.ts', ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 });
  return { status: r.status, stdout: r.stdout, stderr: r.stderr, seconds: (performance.now() - t0) / 1000 };
}

export async function benchGroupVerify(entries: number, day = 200_000) {
  const pg = await createTestDatabase();
  const dir = mkdtempSync(join(tmpdir(), 'bench-group-verify-'));
  const keyFile = join(dir, 'witness.key');
  try {
    log(`writing ${entries} entries`);
    seedJournal(dir, entries);
    log('shipping them (journal:ship)');
    const ship = cli(['journal:ship', '--data-dir', dir, '--database-url', pg.url]);
    if (ship.status !== 0) throw new Error(`journal:ship exited ${ship.status}: ${ship.stderr}`);
    log('group:verify (with the witness key: every entry the first time, its result kept)');
    const verify = cli(['group:verify', '--database-url', pg.url, '--key-file', keyFile]);
    if (verify.status !== 0) throw new Error(`group:verify exited ${verify.status}: ${verify.stdout}${verify.stderr}`);
    const held = Number((await pg.query<{ n: string }>('SELECT count(*) AS n FROM journal'))[0]!.n);
    if (held !== entries) throw new Error(`the group holds ${held} entries of ${entries}`);
    log(`a new day of ${day} entries, shipped, then group:verify again`);
    seedJournal(dir, day, entries + 1);
    const shipDay = cli(['journal:ship', '--data-dir', dir, '--database-url', pg.url]);
    if (shipDay.status !== 0) throw new Error(`journal:ship exited ${shipDay.status}: ${shipDay.stderr}`);
    const next = cli(['group:verify', '--database-url', pg.url, '--key-file', keyFile, '--json']);
    if (next.status !== 0) throw new Error(`group:verify exited ${next.status}: ${next.stdout}${next.stderr}`);
    const read = (JSON.parse(next.stdout) as { halls: { entries: number; fromSeq: number }[] }).halls[0]!;
    if (read.entries !== day || read.fromSeq !== entries + 1) throw new Error(`the day's check read ${read.entries} entries from ${read.fromSeq}`);
    return {
      entries,
      shipSeconds: round(ship.seconds),
      verifySeconds: round(verify.seconds),
      verifiedPerSecond: Math.round(entries / verify.seconds),
      newDay: { entries: day, after: entries, verifySeconds: round(next.seconds), verifiedPerSecond: Math.round(day / next.seconds) },
      targetsMet: { verifyWithin60s: entries < 1_000_000 ? null : verify.seconds <= 60, dayOfAHundredHallsWithin10s: next.seconds <= 10 },
    };
  } finally {
    await pg.drop();
    rmSync(dir, { recursive: true, force: true });
  }
}

if (isEntry(import.meta.url)) {
  const entries = process.env.BENCH_VERIFY_ENTRIES ? Number(process.env.BENCH_VERIFY_ENTRIES) : 1_000_000;
  const day = process.env.BENCH_VERIFY_DAY ? Number(process.env.BENCH_VERIFY_DAY) : 200_000;
  printFigures('group-verify', { bench: 'group-verify', unit: 's', ...(await benchGroupVerify(entries, day)) }, { compact: true });
  process.exit(0);
}
