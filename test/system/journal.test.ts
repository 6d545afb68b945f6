/**
 * The group's journal on a real PostgreSQL (issue 25): halls' SQLite files in
 * temp folders, shipped by the real shipper (in process and as the command
 * line, killed with SIGKILL), through a TCP link that is cut; what the group
 * holds is counted in PostgreSQL, never taken from what was answered.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appendAudit, auditRowHash, hallGenesis } from '../../db/audit.js';
import { openDatabase, openReader, writeTransaction } from '../../db/connection.js';
import { hallIdentity, journalDocuments, journalEntries } from '../../db/journal.js';
import { openGroup, verifyGroup, type Group } from '../../main/group/index.js';
import { shipBatch, shipHall } from '../../main/journal/ship.js';
import { followJournal } from '../../main/journal/follow.js';
import { openKiosk, DATABASE_FILE, type Kiosk } from '../../main/kiosk.js';
import { HALL_KEY_FILE } from '../../main/services/shared/signing/hall-key.js';
import { sellingHall } from '../../bench/kiosk.js';
import { createTestDatabase, type TestDatabase } from '../postgres.js';
import { tcpLink } from '../tcp-proxy.js';
import { PROGRAM } from '../program.js';

const ROOT = resolve(import.meta.dirname, '../..');

interface Hall {
  dir: string;
  kiosk: Kiosk;
  sell(n: number): Promise<number[]>;
  close(): void;
}

async function openHall(name: string, dir = mkdtempSync(join(tmpdir(), `journal-${name}-`))): Promise<Hall> {
  const kiosk = await openKiosk({ dataDir: dir, logError: () => {} });
  const hall = await sellingHall(kiosk);
  return {
    dir,
    kiosk,
    async sell(n) {
      const ids: number[] = [];
      for (let i = 0; i < n; i++) {
        const r = await kiosk.dispatch('sale.create', { gameId: hall.gameId, quantity: 1 + (i % 3), payment: { method: 'cash', tenderedCents: 500 } }, { operatorToken: hall.cashiers[0]! });
        if (!r.ok) throw new Error(`sale.create: ${r.error.code}`);
        ids.push((r.value as { saleId: number }).saleId);
      }
      return ids;
    },
    close: () => kiosk.close(),
  };
}

const auditCount = (k: Kiosk) => k.db.prepare('SELECT COUNT(*) FROM audit_log').pluck().get() as number;

let pgdb: TestDatabase;
let group: Group;

beforeAll(async () => {
  pgdb = await createTestDatabase();
  group = await openGroup(pgdb.url);
});

afterAll(async () => {
  await group?.close();
  await pgdb?.drop();
});

async function counts(hallId: string) {
  const [r] = await pgdb.query<{ n: string; distinct_seq: string; max: string | null }>(
    'SELECT COUNT(*) AS n, COUNT(DISTINCT seq) AS distinct_seq, MAX(seq) AS max FROM journal WHERE hall_id = $1',
    [hallId],
  );
  return { rows: Number(r!.n), distinct: Number(r!.distinct_seq), max: r!.max === null ? 0 : Number(r!.max) };
}

/** A group database of the test's own with one hall that sold `sales` times, shipped; all closed and dropped after. */
async function withShippedHall(name: string, sales: number, test: (c: { db: TestDatabase; g: Group; h: Hall; id: string }) => Promise<void>) {
  const db = await createTestDatabase();
  const g = await openGroup(db.url);
  const h = await openHall(name);
  try {
    await h.sell(sales);
    await shipHall(h.kiosk.db, g.pool);
    await test({ db, g, h, id: hallIdentity(h.kiosk.db).hallId });
  } finally {
    h.close();
    await g.close();
    await db.drop();
  }
}

describe('the group journal', () => {
  it('ships two halls into one database exactly once, and verifies them', async () => {
    const a = await openHall('a');
    const b = await openHall('b');
    try {
      await a.sell(12);
      await b.sell(7);
      const idA = hallIdentity(a.kiosk.db).hallId;
      const idB = hallIdentity(b.kiosk.db).hallId;
      expect(idA).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      expect(idB).not.toBe(idA);

      const first = await shipHall(a.kiosk.db, group.pool, { batch: 5 });
      expect(first).toEqual({ shipped: auditCount(a.kiosk), head: auditCount(a.kiosk) });
      expect((await shipHall(b.kiosk.db, group.pool)).shipped).toBe(auditCount(b.kiosk));
      // Shipping again adds nothing.
      expect(await shipHall(a.kiosk.db, group.pool)).toEqual({ shipped: 0, head: auditCount(a.kiosk) });
      expect(await counts(idA)).toEqual({ rows: auditCount(a.kiosk), distinct: auditCount(a.kiosk), max: auditCount(a.kiosk) });

      // What the group holds is the hall's rows, field for field: the sales' answers too.
      const sales = await pgdb.query<{ total: string }>(
        `SELECT SUM(((payload->>'after')::jsonb->>'totalCents')::bigint) AS total FROM journal WHERE hall_id = $1 AND kind = 'sale.create'`,
        [idA],
      );
      const local = a.kiosk.db.prepare('SELECT SUM(total_cents) FROM sales').pluck().get() as number;
      expect(Number(sales[0]!.total)).toBe(local);

      // More sales later: only they go. An entry whose texts hold a tab, a newline and backslashes travels exact (the
      // batch goes as COPY's text, where these are escaped): group:verify recomputes its hash from them below.
      await a.sell(2);
      writeTransaction(a.kiosk.db, () =>
        appendAudit(a.kiosk.db, { at: new Date().toISOString(), operatorId: null, terminalId: 'T1', channel: 'test.note', outcome: 'ok', input: { note: 'a\tb\nc\\d "e"' }, before: undefined, after: { n: '\\N' } }),
      );
      const before = auditCount(a.kiosk) - 3;
      // Facts the hall's schema has no mapping for are not guessed: the batch is refused whole, the group holds none of it.
      const batch = journalEntries(a.kiosk.db, before, 10);
      const client = await group.pool.connect();
      try {
        await expect(shipBatch(client, idA, batch, new Set(), journalDocuments(a.kiosk.db, before, before + 3), 9999)).rejects.toThrow(/schema 9999 has no mapping to facts/);
      } finally {
        client.release();
      }
      expect(await counts(idA)).toEqual({ rows: before, distinct: before, max: before });
      expect(await shipHall(a.kiosk.db, group.pool)).toEqual({ shipped: 3, head: before + 3 });

      const check = await verifyGroup(group.pool);
      expect(check.valid).toBe(true);
      expect(check.halls.map((h) => [h.hallId, h.entries, h.firstBreak]).sort()).toEqual(
        [
          [idA, auditCount(a.kiosk), null],
          [idB, auditCount(b.kiosk), null],
        ].sort(),
      );
      const [hallRow] = await pgdb.query<{ name: string; head_seq: string }>('SELECT name, head_seq FROM halls WHERE hall_id = $1', [idA]);
      expect(hallRow).toEqual({ name: hallIdentity(a.kiosk.db).name, head_seq: String(auditCount(a.kiosk)) });
      // Partitioned by month: the rows are in this month's partition, none in the default one.
      const month = new Date().toISOString().slice(0, 7).replace('-', 'm');
      const [parts] = await pgdb.query<{ inmonth: string; indefault: string }>(
        `SELECT (SELECT COUNT(*) FROM journal_y${month}) AS inmonth, (SELECT COUNT(*) FROM journal_default) AS indefault`,
      );
      expect(Number(parts!.indefault)).toBe(0);
      expect(Number(parts!.inmonth)).toBe(auditCount(a.kiosk) + auditCount(b.kiosk));
    } finally {
      a.close();
      b.close();
    }
  });

  it('ships each entry once when ten shippers of one hall run at once', async () => {
    const h = await openHall('rush');
    try {
      await h.sell(30);
      const id = hallIdentity(h.kiosk.db).hallId;
      const results = await Promise.all(Array.from({ length: 10 }, () => shipHall(h.kiosk.db, group.pool, { batch: 7 })));
      const total = auditCount(h.kiosk);
      // Each batch holds the hall's row locked: what one shipper sent, the others find there and skip.
      expect(results.reduce((n, r) => n + r.shipped, 0)).toBe(total);
      expect(results.every((r) => r.head === total)).toBe(true);
      expect(await counts(id)).toEqual({ rows: total, distinct: total, max: total });
      // The report's figures summed once too, each batch by the shipper that stored it: the cards sold, to the card.
      const [kept] = await pgdb.query<{ summed: string; cards: string }>(
        'SELECT summarized_seq AS summed, (SELECT SUM(sales_cards - voided_cards) FROM summary_games WHERE hall_id = $1) AS cards FROM halls WHERE hall_id = $1',
        [id],
      );
      const sold = (h.kiosk.db.prepare('SELECT SUM(quantity) AS n FROM sales WHERE id NOT IN (SELECT sale_id FROM sale_voids)').get() as { n: number }).n;
      expect(sold).toBeGreaterThan(0);
      expect({ summed: Number(kept!.summed), cards: Number(kept!.cards) }).toEqual({ summed: total, cards: sold });
      expect((await verifyGroup(group.pool)).halls.find((x) => x.hallId === id)!.summaries).toMatchObject({ differences: [] });
    } finally {
      h.close();
    }
  });

  it("keeps where each hall's chain begins: its UUID's genesis, checked at the first entry", async () => {
    await withShippedHall('genesis', 2, async ({ db, g, id }) => {
      const [row] = await db.query<{ genesis: string; first: string }>(
        `SELECT genesis, (SELECT prev_hash FROM journal WHERE seq = 1) AS first FROM halls WHERE hall_id = $1`,
        [id],
      );
      expect(row).toEqual({ genesis: hallGenesis(id), first: hallGenesis(id) });
      // The whole chain recomputed in PostgreSQL from zeros (as a chain begun anew would be): named at entry 1.
      const rows = await db.query<{ seq: string; payload: { at: string; operatorId: number | null; terminalId: string; channel: string; outcome: string; input: string; before: string | null; after: string | null } }>(
        'SELECT seq, payload FROM journal ORDER BY seq',
      );
      let prev = '0'.repeat(64);
      for (const r of rows) {
        const p = r.payload;
        const hash = auditRowHash(prev, { id: Number(r.seq), at: p.at, operator_id: p.operatorId, terminal_id: p.terminalId, channel: p.channel, outcome: p.outcome, input: p.input, before: p.before, after: p.after });
        await db.query('UPDATE journal SET prev_hash = $1, hash = $2 WHERE seq = $3', [prev, hash, r.seq]);
        prev = hash;
      }
      await db.query('UPDATE halls SET head_hash = $1', [prev]);
      expect((await verifyGroup(g.pool)).halls[0]!.firstBreak).toEqual({ seq: 1, reason: 'link' });
    });
  });

  it('names a row changed, deleted or inserted in PostgreSQL, with its hall and seq', async () => {
    await withShippedHall('tamper', 10, async ({ db, g, h, id }) => {
      const head = auditCount(h.kiosk);
      const firstBreak = async () => (await verifyGroup(g.pool)).halls.find((x) => x.hallId === id)!.firstBreak;
      // The group's copy put back as the shipper writes it: every row again from the hall's genesis.
      const shipAgainWhole = async () => {
        await db.query('DELETE FROM journal');
        await db.query(`UPDATE halls SET head_seq = 0, head_hash = genesis, diverged_seq = NULL`);
        await shipHall(h.kiosk.db, g.pool);
        expect(await firstBreak()).toBeNull();
      };
      expect(await firstBreak()).toBeNull();

      // A sale's amount changed in its payload.
      const sale = Number((await db.query<{ seq: string }>(`SELECT seq FROM journal WHERE kind = 'sale.create' ORDER BY seq LIMIT 1 OFFSET 2`))[0]!.seq);
      await db.query(`UPDATE journal SET payload = jsonb_set(payload, '{after}', to_jsonb(replace(payload->>'after', '"totalCents":', '"totalCents":1'))) WHERE seq = $1`, [sale]);
      expect(await firstBreak()).toEqual({ seq: sale, reason: 'payload' });
      expect((await verifyGroup(g.pool)).valid).toBe(false);

      // A row deleted in the middle.
      await shipAgainWhole();
      await db.query('DELETE FROM journal WHERE seq = 5');
      expect(await firstBreak()).toEqual({ seq: 5, reason: 'missing' });

      // One more inserted with a seq already held.
      await shipAgainWhole();
      await db.query(`INSERT INTO journal SELECT hall_id, seq, prev_hash, hash, kind, payload, recorded_at + interval '1 second' FROM journal WHERE seq = 7`);
      expect(await firstBreak()).toEqual({ seq: 7, reason: 'duplicate' });

      // The last row deleted (the tail cut): the head the shipper recorded names it.
      await shipAgainWhole();
      await db.query('DELETE FROM journal WHERE seq = $1', [head]);
      expect(await firstBreak()).toEqual({ seq: head, reason: 'missing' });

      // A row inserted after the head, chained as a forger would.
      await shipAgainWhole();
      await db.query(`INSERT INTO journal SELECT hall_id, seq + 1, hash, hash, kind, payload, recorded_at FROM journal WHERE seq = $1`, [head]);
      expect(await firstBreak()).toEqual({ seq: head + 1, reason: 'payload' });
    });
  });

  it('stops a hall whose history differs (an old copy restored that then sold differently), names the seq, overwrites nothing', async () => {
    const h = await openHall('diverge');
    const copyDir = mkdtempSync(join(tmpdir(), 'journal-copy-'));
    try {
      await h.sell(4);
      // The copy as a backup would keep it: the same hall, its history up to here.
      // VACUUM INTO: one consistent copy of the live file, whatever its WAL holds (a checkpoint that does not complete left a copy of a copy).
      h.kiosk.db.exec(`VACUUM INTO '${join(copyDir, DATABASE_FILE).replaceAll("'", "''")}'`);
      // The folder as it was: the PIN key and the hall's signing key beside the database (without the signing key, the
      // copy would record a new one as it opens, and diverge from its first write).
      for (const key of ['pin.key', HALL_KEY_FILE]) copyFileSync(join(h.dir, key), join(copyDir, key));
      const parted = auditCount(h.kiosk) + 1;
      await h.sell(3);
      await shipHall(h.kiosk.db, group.pool);
      const id = hallIdentity(h.kiosk.db).hallId;
      const held = await counts(id);
      h.close();

      // The copy reopened: it is behind the group, and says so, shipping nothing.
      const restored = await openKiosk({ dataDir: copyDir, logError: () => {} });
      try {
        expect(hallIdentity(restored.db).hallId).toBe(id);
        expect(await shipHall(restored.db, group.pool)).toEqual({ shipped: 0, head: held.max, behind: true });
        // It sells on its own: entry `parted` is now another one than the group's.
        const manager = (await restored.dispatch('auth.login', { username: 'gerente', pin: '2222' })) as { ok: true; value: { operatorToken: string } };
        expect(manager.ok).toBe(true);
        await restored.dispatch('auth.logout', {}, { operatorToken: manager.value.operatorToken });
        expect(auditCount(restored)).toBeGreaterThanOrEqual(parted);
        await expect(shipHall(restored.db, group.pool)).rejects.toMatchObject({ code: 'JOURNAL_DIVERGED', params: { seq: parted } });
        // Nothing of the group's copy was touched, and the group's tables name it.
        expect(await counts(id)).toEqual(held);
        const [row] = await pgdb.query<{ diverged_seq: string; head_seq: string }>('SELECT diverged_seq, head_seq FROM halls WHERE hall_id = $1', [id]);
        expect(row).toEqual({ diverged_seq: String(parted), head_seq: String(held.max) });
        const check = await verifyGroup(group.pool);
        expect(check.valid).toBe(false);
        expect(check.halls.find((x) => x.hallId === id)).toMatchObject({ divergedSeq: parted, firstBreak: null });
        // Stopped: the next attempt is refused at once, with the same seq.
        await expect(shipHall(restored.db, group.pool)).rejects.toMatchObject({ code: 'JOURNAL_DIVERGED', params: { seq: parted } });
      } finally {
        restored.close();
      }
    } finally {
      h.close();
    }
  });

  it('killed with SIGKILL in the middle of 10,000 entries and started again: no duplicate, no gap', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'journal-kill-'));
    const file = join(dir, DATABASE_FILE);
    const db = openDatabase(file);
    writeTransaction(db, () => {
      for (let i = 1; i <= 10_000; i++) {
        appendAudit(db, { at: new Date(Date.UTC(2026, 11, 1, 10, 0, 0, i)).toISOString(), operatorId: null, terminalId: 'caixa-1', channel: 'test.entry', outcome: 'ok', input: { i }, before: undefined, after: { n: i } });
      }
    });
    const id = hallIdentity(db).hallId;
    db.close();
    const ship = () =>
      spawn(process.execPath, [...PROGRAM, 'journal:ship', '--data-dir', dir, '--database-url', pgdb.url, '--batch', '200'], {
        cwd: ROOT,
        stdio: ['ignore', 'pipe', 'pipe'],
      });
    const child = ship();
    // Killed once some batches are in and before the last.
    let held = 0;
    for (let i = 0; i < 2000 && held < 1000; i++) {
      await new Promise((r) => setTimeout(r, 5));
      held = (await counts(id).catch(() => ({ max: 0 }))).max;
    }
    child.kill('SIGKILL');
    await new Promise((r) => child.once('exit', r));
    const atKill = await counts(id);
    expect(atKill.max).toBeGreaterThan(0);
    expect(atKill.max).toBeLessThan(10_000);
    expect(atKill.rows).toBe(atKill.max);

    const again = ship();
    let out = '';
    again.stdout.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise((r) => again.once('exit', r));
    expect(code).toBe(0);
    expect(JSON.parse(out.trim())).toEqual({ shipped: 10_000 - atKill.max, head: 10_000, checkpoints: 0, cosignatures: 0 });
    expect(await counts(id)).toEqual({ rows: 10_000, distinct: 10_000, max: 10_000 });
    // The summaries went with each batch (one transaction): the killed one's with it, the rest summed on, in order.
    expect(await pgdb.query('SELECT summarized_seq::int AS s FROM halls WHERE hall_id = $1', [id])).toEqual([{ s: 10_000 }]);
    expect((await verifyGroup(group.pool)).halls.find((x) => x.hallId === id)?.firstBreak).toBeNull();
  });

  it('follows the hall while the link to PostgreSQL is cut, then drains the backlog by itself', async () => {
    const h = await openHall('follow');
    const link = await tcpLink(Number(new URL(pgdb.url).port || 5432));
    const port = link.port;
    const url = new URL(pgdb.url);
    url.port = String(port);
    const reader = openReader(join(h.dir, DATABASE_FILE));
    const stop = new AbortController();
    const reach: (string | null)[] = [];
    const id = hallIdentity(h.kiosk.db).hallId;
    const following = followJournal(reader, { url: url.toString(), idleMs: 20, signal: stop.signal, onReach: (c) => reach.push(c) });
    const until = async (what: () => Promise<boolean>, ms = 20_000) => {
      for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 20))) if (await what()) return;
      throw new Error('not within time');
    };
    try {
      await h.sell(3);
      await until(async () => (await counts(id)).max === auditCount(h.kiosk));
      await link.cut();
      // The hall sells on, the group out of reach: every sale commits on the hall's SQLite.
      const sold = await h.sell(20);
      expect(sold).toHaveLength(20);
      await until(async () => reach.length > 0);
      expect(reach[0]).toMatch(/^(ECONNREFUSED|ECONNRESET|EPIPE|57P01|08\d{3})$/);
      expect((await counts(id)).max).toBeLessThan(auditCount(h.kiosk));
      await link.restore();
      // The entries are in the group's table before the follower says it reaches the group again: both awaited.
      await until(async () => (await counts(id)).max === auditCount(h.kiosk) && reach.at(-1) === null);
      expect(reach.at(-1)).toBeNull();
      expect(await counts(id)).toEqual({ rows: auditCount(h.kiosk), distinct: auditCount(h.kiosk), max: auditCount(h.kiosk) });
    } finally {
      stop.abort();
      await following;
      reader.close();
      await link.close();
      h.close();
    }
  });
});
