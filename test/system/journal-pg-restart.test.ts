/**
 * PostgreSQL itself stopped while the hall sells, then started (issue 25,
 * proof): a server of the test's own (test/private-postgres.ts; the machine's
 * shared one is never stopped), the kiosk's shipper in its worker thread as
 * `npm run hall --journal-url` runs it. Every sale commits on the hall's
 * SQLite meanwhile; the shipper says the group is out of reach with the
 * backlog, and once the server is back the backlog drains by itself: the
 * group holds every entry exactly once, and group:verify finds it whole.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sellingHall } from '../../bench/kiosk.js';
import { hallIdentity } from '../../db/journal.js';
import { openGroup, verifyGroup } from '../../main/group/index.js';
import { startShipper, type Shipper } from '../../main/journal/shipper.js';
import { DATABASE_FILE, openKiosk, type Kiosk } from '../../main/kiosk.js';
import { privatePostgres, type PrivatePostgres } from '../private-postgres.js';

let server: PrivatePostgres | null = null;
beforeAll(async () => {
  server = await privatePostgres().catch((e: unknown) => {
    console.warn(`journal-pg-restart: no PostgreSQL of its own (${e instanceof Error ? e.message : String(e)})`);
    return null;
  });
  if (!server) console.warn('journal-pg-restart: skipped (needs the PostgreSQL server binaries, and the postgres user when run as root)');
}, 60_000);
afterAll(() => server?.close());

const until = async (what: () => boolean | Promise<boolean>, ms = 30_000) => {
  for (const end = Date.now() + ms; Date.now() < end; await new Promise((r) => setTimeout(r, 25))) if (await what()) return;
  throw new Error('not within time');
};

describe('PostgreSQL stopped while the hall sells', () => {
  it('the hall sells on, the shipper says so with the backlog, and drains it by itself once the server is back', async (ctx) => {
    if (!server) return ctx.skip();
    const dir = mkdtempSync(join(tmpdir(), 'journal-pg-restart-'));
    let shipper: Shipper | null = null;
    let kiosk: Kiosk | null = null;
    try {
      kiosk = await openKiosk({ dataDir: dir, logError: () => {}, journal: () => shipper?.state() ?? null });
      const k = kiosk;
      const hall = await sellingHall(k);
      const sell = async (n: number) => {
        for (let i = 0; i < n; i++) {
          const r = await k.dispatch('sale.create', { gameId: hall.gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, { operatorToken: hall.cashiers[0]! });
          expect(r.ok).toBe(true);
        }
      };
      const entries = () => k.db.prepare('SELECT COUNT(*) FROM audit_log').pluck().get() as number;
      shipper = startShipper({ file: join(dir, DATABASE_FILE), url: server.url, idleMs: 20 });
      const s = shipper;
      await sell(5);
      await until(() => s.state().state === 'caught-up' && s.state().groupHead === entries());

      server.stop();
      // Every sale commits on the hall's file while the group's server is down.
      await sell(25);
      await until(() => s.state().state === 'unreachable');
      await until(() => s.state().backlog > 0);
      const health = await k.dispatch('system.health', {}, { operatorToken: hall.manager });
      expect(health.ok && (health.value as { journal: { state: string; cause: string | null } }).journal).toMatchObject({ state: 'unreachable', cause: expect.any(String) });

      server.start();
      await until(() => s.state().state === 'caught-up' && s.state().groupHead === entries() && s.state().backlog === 0);
      // Counted in the group's database: every entry once, no gap, the chain whole.
      const group = await openGroup(server.url);
      try {
        const id = hallIdentity(k.db).hallId;
        const c = new pg.Client({ connectionString: server.url });
        await c.connect();
        const [row] = (await c.query<{ n: string; d: string; max: string }>('SELECT COUNT(*) AS n, COUNT(DISTINCT seq) AS d, MAX(seq) AS max FROM journal WHERE hall_id = $1', [id])).rows;
        await c.end();
        expect({ rows: Number(row!.n), distinct: Number(row!.d), max: Number(row!.max) }).toEqual({ rows: entries(), distinct: entries(), max: entries() });
        expect((await verifyGroup(group.pool)).valid).toBe(true);
      } finally {
        await group.close();
      }
    } finally {
      await shipper?.stop();
      kiosk?.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
