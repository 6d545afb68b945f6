/**
 * What the benchmarks share: a call that must succeed, a hall set up through
 * the dispatcher like any operator would (admin, cashiers, stamp duty, a ball
 * set, optionally a receipts printer), and a seeded order of the 90 balls.
 */
import type { Kiosk } from '../main/kiosk.js';
import { seededRandom } from '../tools/faces/generate.js';

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
  // Every bench cashier works the kiosk's one terminal: one drawer per terminal
  // (main/services/drawers), opened by the first cashier, the others sell into it.
  await must(kiosk, 'drawer.open', { floatByDenomination: { '2000': 5 } }, cashiers[0]);
  return { admin, cashiers };
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
