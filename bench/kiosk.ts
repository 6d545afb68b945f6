/**
 * What the benchmarks share: a call that must succeed, a hall set up through
 * the dispatcher like any operator would (admin, cashiers, stamp duty, a ball
 * set, optionally a receipts printer), and a seeded order of the 90 balls.
 */
import { join } from 'node:path';
import { DATABASE_FILE, openKiosk, type Kiosk } from '../main/kiosk.js';
import { seededRandom } from '../main/demo/faces.js';
import { seedHistory } from './seed.js';

export async function must<T = Record<string, unknown>>(kiosk: Pick<Kiosk, 'dispatch'>, channel: string, input: unknown, operatorToken?: string): Promise<T> {
  const r = await kiosk.dispatch(channel, input, operatorToken ? { operatorToken } : {});
  if (!r.ok) throw new Error(`${channel} refused: ${r.error.code}: ${r.error.message}`);
  return r.value as T;
}

const login = async (kiosk: Kiosk, username: string, pin: string) => (await must<{ operatorToken: string }>(kiosk, 'auth.login', { username, pin })).operatorToken;

export interface BenchHall {
  admin: string;
  /** caixa1, caixa2, ... logged in. */
  cashiers: string[];
}

/** An empty kiosk made a hall: ready for series, a session and games. */
export async function setUpHall(
  kiosk: Kiosk,
  o: { cashiers?: number; maxCardsPerSale?: number; receiptsPrinterPort?: number } = {},
): Promise<BenchHall> {
  await must(kiosk, 'setup.init', { hallName: 'Sala de Bench', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
  const admin = await login(kiosk, 'admin', '1111');
  const count = o.cashiers ?? 1;
  for (let c = 1; c <= count; c++) {
    await must(kiosk, 'users.create', { username: `caixa${c}`, name: `Caixa ${c}`, roles: ['cashier'], pin: '3333' }, admin);
  }
  await must(kiosk, 'settings.update', { stampDutyBasisPoints: 2500, ...(o.maxCardsPerSale ? { maxCardsPerSale: o.maxCardsPerSale } : {}) }, admin);
  await must(kiosk, 'ballSet.register', { serial: 'BENCH-1' }, admin);
  if (o.receiptsPrinterPort !== undefined) {
    await must(
      kiosk,
      'printer.configure',
      { id: 'balcao', role: 'receipts', transport: 'tcp', host: '127.0.0.1', port: o.receiptsPrinterPort, codepage: 'cp858', widthMm: 80, drawerPin: 2 },
      admin,
    );
  }
  const cashiers: string[] = [];
  for (let c = 1; c <= count; c++) cashiers.push(await login(kiosk, `caixa${c}`, '3333'));
  // Every bench cashier works the kiosk's one terminal, each through his own
  // drawer there (a drawer belongs to its operator: main/services/shared/drawer.ts).
  for (const cashier of cashiers) await must(kiosk, 'drawer.open', { floatByDenomination: { '2000': 5 } }, cashier);
  return { admin, cashiers };
}

/** A set-up hall with a manager, a session and a game selling a series of a million cards: the sale benchmarks' start. */
export async function sellingHall(kiosk: Kiosk): Promise<BenchHall & { manager: string; gameId: number }> {
  const hall = await setUpHall(kiosk);
  await must(kiosk, 'users.create', { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' }, hall.admin);
  const manager = (await must<{ operatorToken: string }>(kiosk, 'auth.login', { username: 'gerente', pin: '2222' })).operatorToken;
  await must(kiosk, 'series.register', { code: 'A', priceCents: 100, size: 1_000_000 }, manager);
  await must(kiosk, 'session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 8 * 3_600_000).toISOString() }, manager);
  const game = await must<{ id: number }>(kiosk, 'game.open', { seriesCode: 'A' }, manager);
  return { ...hall, manager, gameId: game.id };
}

/** The 90 balls in a seeded random order: the same seed, the same draw. */
export function drawOrder(seed: number): number[] {
  const rng = seededRandom(seed);
  const balls = Array.from({ length: 90 }, (_, i) => i + 1);
  for (let i = balls.length - 1; i > 0; i--) {
    const j = Math.floor(rng() * (i + 1));
    [balls[i], balls[j]] = [balls[j]!, balls[i]!];
  }
  return balls;
}

/**
 * A large hall: `sales` earlier sales seeded straight into the file (100 per
 * game, 10 games a session), then the kiosk reopened with game 1 of a new
 * session selling series A, the manager and caixa1 logged in. `sale()` sells
 * one card and answers how long it took (ms).
 */
export async function seededSellingHall(
  dataDir: string,
  o: { sales: number; seed: number; log: (s: string) => void; salesPerGame?: number; gamesPerSession?: number },
): Promise<{ kiosk: Kiosk; manager: string; sale: () => Promise<number> }> {
  const setup = await openKiosk({ dataDir, logError: (e) => o.log(String(e)) });
  const hall = await setUpHall(setup);
  const ids = Object.fromEntries((setup.db.prepare(`SELECT username, id FROM operators`).all() as { username: string; id: number }[]).map((r) => [r.username, r.id]));
  await must(setup, 'users.create', { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' }, hall.admin);
  // The seeder writes its own sessions: the bench drawer is closed first so no open drawer predates them.
  setup.close();
  o.log(`seeding ${o.sales} earlier sales`);
  const t0 = performance.now();
  seedHistory(join(dataDir, DATABASE_FILE), {
    sales: o.sales,
    salesPerGame: o.salesPerGame ?? 100,
    gamesPerSession: o.gamesPerSession ?? 10,
    priceCents: 100,
    seriesSize: 100_000,
    cashierId: ids.caixa1!,
    managerId: ids.admin!,
    terminalId: 'T1',
    startDaysAgo: Math.ceil(o.sales / 1000) + 2,
    random: seededRandom(o.seed),
  });
  o.log(`seeded in ${((performance.now() - t0) / 1000).toFixed(1)} s`);

  const kiosk = await openKiosk({ dataDir, logError: (e) => o.log(String(e)) });
  const manager = await login(kiosk, 'gerente', '2222');
  const cashier = await login(kiosk, 'caixa1', '3333');
  await must(kiosk, 'series.register', { code: 'A', priceCents: 100, size: 1_000_000 }, manager);
  await must(kiosk, 'session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(Date.now() + 8 * 3_600_000).toISOString() }, manager);
  const game = await must<{ id: number }>(kiosk, 'game.open', { seriesCode: 'A' }, manager);
  const sale = async () => {
    const s = performance.now();
    await must(kiosk, 'sale.create', { gameId: game.id, quantity: 1, payment: { method: 'cash', tenderedCents: 100 } }, cashier);
    return performance.now() - s;
  };
  return { kiosk, manager, sale };
}
