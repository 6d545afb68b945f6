/**
 * A dead link to the group (issue 37): between the kiosk's shipper and a
 * real PostgreSQL, a TCP link that goes silent (nothing forwarded, nothing
 * closed or refused: a firewall dropping packets). Every remote call has a
 * deadline, so the shipper says "sem ligação ao grupo desde HH:MM, N
 * entradas por enviar" within 30 s, N the exact backlog counted in the
 * group's database, and never "caught up" meanwhile.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JournalState } from '../../core/audit/contract.js';
import { journalStateText } from '../../core/audit/journal-state.js';
import { hallClock } from '../../core/time.js';
import { hallIdentity } from '../../db/journal.js';
import { SHIPPER_DEADLINES } from '../../main/journal/pool.js';
import { startShipper, type Shipper } from '../../main/journal/shipper.js';
import { openKiosk, DATABASE_FILE, type Kiosk } from '../../main/kiosk.js';
import { sellingHall } from '../../bench/kiosk.js';
import { createTestDatabase, type TestDatabase } from '../postgres.js';
import { tcpLink, type TcpLink } from '../tcp-proxy.js';

let pgdb: TestDatabase;
const links: TcpLink[] = [];
const dir = mkdtempSync(join(tmpdir(), 'journal-dead-link-'));
let kiosk: Kiosk | null = null;
let shipper: Shipper | null = null;

beforeAll(async () => {
  pgdb = await createTestDatabase();
});

afterAll(async () => {
  await shipper?.stop();
  kiosk?.close();
  for (const link of links) await link.close();
  await pgdb?.drop();
  rmSync(dir, { recursive: true, force: true });
});

const pgPort = () => Number(new URL(pgdb.url).port || 5432);

let selling: Awaited<ReturnType<typeof sellingHall>> | null = null;

/** The hall (one kiosk for the file, opened once), selling. */
async function openHall() {
  kiosk ??= await openKiosk({ dataDir: dir, logError: () => {} });
  const k = kiosk;
  const hall = (selling ??= await sellingHall(k));
  return {
    k,
    entries: () => k.db.prepare('SELECT COUNT(*) FROM audit_log').pluck().get() as number,
    async sell(n: number) {
      for (let i = 0; i < n; i++) {
        const r = await k.dispatch('sale.create', { gameId: hall.gameId, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, { operatorToken: hall.cashiers[0]! });
        expect(r.ok).toBe(true);
      }
    },
  };
}

/** The kiosk's shipper through `link`, and every state it posts, with when it came. */
function follow(link: TcpLink, o: { silenceMs?: number }) {
  const url = new URL(pgdb.url);
  url.port = String(link.port);
  const seen: { at: number; s: JournalState }[] = [];
  let wake: (() => void) | null = null;
  const until = (what: (s: JournalState) => boolean, ms: number) =>
    new Promise<JournalState>((done, fail) => {
      const timer = setTimeout(() => fail(new Error(`not within ${ms} ms; last: ${JSON.stringify(seen.at(-1)?.s)}`)), ms);
      const look = () => {
        const last = seen.at(-1)?.s;
        if (last && what(last)) {
          clearTimeout(timer);
          wake = null;
          done(last);
        } else wake = look;
      };
      look();
    });
  shipper = startShipper({ file: join(dir, DATABASE_FILE), url: url.toString(), idleMs: 20, ...o, onState: (s) => (seen.push({ at: Date.now(), s }), wake?.()) });
  return { seen, until };
}

describe('a dead link to the group', () => {
  it('is said within 30 s, with the exact backlog, and never as caught up', async () => {
    const hall = await openHall();
    const { hallId, timeZone } = hallIdentity(hall.k.db);
    const link = await tcpLink(pgPort());
    links.push(link);
    const watch = follow(link, {});
    await hall.sell(3);
    await watch.until((s) => s.state === 'caught-up' && s.groupHead === hall.entries(), 20_000);
    const { seen, until } = watch;
    const { sell, entries } = hall;

    // The link goes silent; the hall sells on.
    link.blackhole();
    const cutAt = Date.now();
    await sell(4);
    const down = await until((s) => s.state === 'unreachable' && s.backlog === 4, 30_000);
    const noticedMs = Date.now() - cutAt;
    expect(noticedMs).toBeLessThan(30_000);

    // The backlog is exact: the hall's entries the group's database does not hold, counted there.
    const [row] = await pgdb.query<{ head: string }>('SELECT head_seq AS head FROM halls WHERE hall_id = $1', [hallId]);
    expect(entries() - Number(row!.head)).toBe(4);
    expect(down.groupHead).toBe(Number(row!.head));
    // Since the group's last answer, which came before the cut.
    expect(Date.parse(down.since!)).toBeLessThanOrEqual(cutAt);
    expect(journalStateText(down, timeZone)).toBe(`sem ligação ao grupo desde ${hallClock(down.since!, timeZone)}, 4 entradas por enviar`);
    // Never "caught up" once the sales after the cut were written (a second for a pass answered before it).
    expect(seen.filter((x) => x.at > cutAt + 1000 && x.s.state === 'caught-up')).toEqual([]);
    console.log(`[journal-dead-link] said "sem ligação" ${noticedMs} ms after the link went silent (cause ${down.cause})`);
    await shipper?.stop();
    shipper = null;
  }, 60_000);

  it("whatever the shipper waits on, its state does not outlive the group's last answer", async () => {
    // Silence allowed: 6 s (the idle shipper asks every 5 s), under the query's own deadline (10 s): the state
    // turns before any call of the loop gives up.
    const hall = await openHall();
    const link = await tcpLink(pgPort());
    links.push(link);
    const watch = follow(link, { silenceMs: 6_000 });
    await watch.until((s) => s.state === 'caught-up' && s.groupHead === hall.entries(), 20_000);
    link.blackhole();
    const cutAt = Date.now();
    await hall.sell(2);
    const down = await watch.until((s) => s.state === 'unreachable', 15_000);
    const noticedMs = Date.now() - cutAt;
    expect(noticedMs).toBeLessThan(SHIPPER_DEADLINES.queryMs - 500);
    expect(down).toMatchObject({ cause: 'ETIMEDOUT', backlog: 2 });
    console.log(`[journal-dead-link] the silence rule said "sem ligação" ${noticedMs} ms after the link went silent`);
  }, 60_000);
});
