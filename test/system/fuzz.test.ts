/**
 * Every channel fed inputs derived from its own schema, then bent (issue 12):
 * missing and extra fields, wrong types, huge and negative numbers, NUL and
 * bidi characters, long strings. Whatever comes in, the kiosk answers with
 * an envelope, never INTERNAL, and a refusal leaves the database as it was
 * (the audit log and the failed-PIN counters aside: they record refusals).
 */
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { CHANNELS, contract } from '../../core/contract.js';
import { createTestHall } from '../fixtures/faces.js';

/**
 * Channels fed apart, fewer times each: they wait on slow I/O (PDFs, printers
 * over TCP, backups, a worker's CSV file, the books' check that walks every document: 0.6 s a call), or end the session
 * they are called with (logout).
 */
const SLOW = new Set(['backup.create', 'books.verify', 'export.sales', 'printer.status', 'printer.test', 'report.actaPdf', 'report.sessionPdf', 'report.tableLimitsPdf']);
const SLOW_INPUTS = 6;

function seeded(seed: number): () => number {
  let s = seed >>> 0;
  return () => {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; enum?: unknown[]; const?: unknown; anyOf?: Schema[]; oneOf?: Schema[]; additionalProperties?: unknown };

const STRINGS = ['', 'A', 'AB', 'abc', 'x'.repeat(300), 'Sala\u0000', 'a\u202eb', '../../../etc/passwd', '1', '2026-11-30T20:00:00.000Z', 'gerente', '2222', '/dev/usb/lp0', 'R1', '7', 'COM3', 'verde'];
const NUMBERS = [0, 1, -1, 2, 5, 17, 90, 91, 100, 1.5, 1_000_000, 2 ** 31, Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER];
const WILD = [null, true, false, 0, -1, '', 'x', [], {}, [1, 2], { a: 1 }, 'x'.repeat(5000)];

function generate(schema: Schema | undefined, rnd: () => number, depth = 0): unknown {
  const pick = <T>(xs: readonly T[]): T => xs[Math.floor(rnd() * xs.length)]!;
  if (!schema || depth > 5 || rnd() < 0.06) return pick(WILD);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum) return rnd() < 0.9 ? pick(schema.enum) : pick(STRINGS);
  const variants = schema.anyOf ?? schema.oneOf;
  if (variants) return generate(pick(variants), rnd, depth + 1);
  const type = Array.isArray(schema.type) ? pick(schema.type) : schema.type;
  switch (type) {
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, v] of Object.entries(schema.properties ?? {})) if (rnd() < 0.8) out[k] = generate(v, rnd, depth + 1);
      if (rnd() < 0.05) out.extra = 'x';
      return out;
    }
    case 'array':
      return Array.from({ length: Math.floor(rnd() * 4) }, () => generate(schema.items, rnd, depth + 1));
    case 'string':
      return pick(STRINGS);
    case 'integer':
    case 'number':
      return pick(NUMBERS);
    case 'boolean':
      return rnd() < 0.5;
    case 'null':
      return null;
    default:
      return pick(WILD);
  }
}

describe('every channel, fuzzed from its own schema', () => {
  it('answers 10 000 inputs (and a few to each slow channel and to logout) with envelopes, never INTERNAL, and each refusal changes nothing', { timeout: 600_000 }, async () => {
    const { h, manager, cashier } = await createTestHall({ idleMs: 86_400_000 });
    try {
      // Something for the channels to act on: a series, a session, a game with sales, a roulette table.
      await h.ok('series.register', { code: 'A', priceCents: 100, size: 1000 }, manager);
      await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: '2026-12-01T02:00:00.000Z' }, manager);
      const game = await h.ok('game.open', { seriesCode: 'A' }, manager);
      for (let i = 0; i < 3; i++) await h.ok('sale.create', { gameId: game.id, quantity: 2, payment: { method: 'cash', tenderedCents: 200 } }, cashier);
      const admin = await h.login('admin', '1111');
      await h.ok('users.create', { username: 'todos', name: 'Todos os perfis', roles: ['cashier', 'caixa', 'manager', 'admin'], pin: '7777' }, admin);
      const token = await h.login('todos', '7777');
      const schemas = new Map(CHANNELS.map((c) => [c, z.toJSONSchema(contract[c].input, { io: 'input', unrepresentable: 'any' }) as Schema]));
      // What a refusal may write: the audit log, and a wrong PIN's count in its budgets. The reads are prepared once
      // (no channel makes a table): preparing ~100 statements at each of 10 000 inputs was most of this test's time.
      const tables = h.kiosk.db.prepare(`SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT IN ('audit_log', 'pin_budgets') ORDER BY name`).pluck().all() as string[];
      const reads = tables.map((t) =>
        (t === 'operators' ? h.kiosk.db.prepare(`SELECT id, username, name, roles, pin_hash, active FROM operators ORDER BY id`) : h.kiosk.db.prepare(`SELECT * FROM "${t}"`)).raw(),
      );
      const fingerprint = () => JSON.stringify(reads.map((read) => read.all()));
      const channels = CHANNELS.filter((c) => !SLOW.has(c) && c !== 'auth.logout');
      const rnd = seeded(12);
      const internal: string[] = [];
      const changedOnRefusal: string[] = [];
      let refused = 0;
      let before = fingerprint();
      for (let i = 0; i < 10_000; i++) {
        const channel = channels[i % channels.length]!;
        const input = generate(schemas.get(channel), rnd);
        const r = await h.kiosk.dispatch(channel, input, { operatorToken: token });
        expect(typeof r.ok).toBe('boolean');
        const after = fingerprint();
        if (!r.ok) {
          refused++;
          if (r.error.code === 'INTERNAL') internal.push(`${channel} ${JSON.stringify(input).slice(0, 200)}`);
          if (after !== before) changedOnRefusal.push(`${channel} ${r.error.code} ${JSON.stringify(input).slice(0, 200)}`);
        }
        before = after;
      }
      // The slow ones, a few inputs each; logout on a session of its own, opened again after each one it ends.
      const check = async (channel: (typeof CHANNELS)[number], input: unknown, operatorToken: string) => {
        const r = await h.kiosk.dispatch(channel, input, { operatorToken });
        expect(typeof r.ok).toBe('boolean');
        const after = fingerprint();
        if (!r.ok) {
          refused++;
          if (r.error.code === 'INTERNAL') internal.push(`${channel} ${JSON.stringify(input).slice(0, 200)}`);
          if (after !== before) changedOnRefusal.push(`${channel} ${r.error.code} ${JSON.stringify(input).slice(0, 200)}`);
        }
        before = after;
        return r.ok;
      };
      let slowInputs = 0;
      for (const channel of SLOW) {
        for (let i = 0; i < SLOW_INPUTS; i++, slowInputs++) await check(channel as (typeof CHANNELS)[number], generate(schemas.get(channel as (typeof CHANNELS)[number]), rnd), token);
      }
      let leaving = await h.login('caixa1', '3333');
      // The test's own login (a session row): not a refusal's change either.
      before = fingerprint();
      for (let i = 0; i < SLOW_INPUTS; i++, slowInputs++) {
        if (await check('auth.logout', generate(schemas.get('auth.logout'), rnd), leaving)) {
          leaving = await h.login('caixa1', '3333');
          // The test's own login after a logout that ended the session: not a refusal's change.
          before = fingerprint();
        }
      }
      console.log(JSON.stringify({ bench: 'fuzz', inputs: 10_000 + slowInputs, channels: channels.length + SLOW.size + 1, refused }));
      expect(internal).toEqual([]);
      expect(changedOnRefusal).toEqual([]);
      expect(refused).toBeGreaterThan(5_000);
      // The fuzzer's own session lived to the end: the inputs were not all refused for want of it.
      expect((await h.ok('auth.me', {}, token)).username).toBe('todos');
    } finally {
      h.close();
    }
  });
});
