/**
 * A forger's kit for the group's contract (issue 39, docs/group-contract.md):
 * someone who can ship as a hall (or write the group's PostgreSQL) and makes
 * an entry's facts say other than its documents, recomputing the entry's
 * digest with the hall's own code as a forger would, so the digest holds.
 * group:verify (and the witness, with the same check) maps every version-1
 * entry's documents to facts again, by the hall schema it shipped from, and
 * names each forgery: the entry's seq, the part, and in words the fact that
 * differs. Each forgery is put back before the next: one break at a time.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTRACT_VERSION, factsProblem, type EntryFacts } from '../../core/group-contract/facts.js';
import { HALL_MAPPINGS } from '../../core/group-contract/hall-rows.js';
import { journalSeqs, type GroupEntry } from '../../db/group/journal.js';
import { hallIdentity } from '../../db/journal.js';
import { openGroup, verifyGroup, type Group } from '../../main/group/index.js';
import { shipHall } from '../../main/journal/ship.js';
import { entryDigest, newestHallSchema } from '../../main/journal/digest.js';
import { factsBreak } from '../../main/group/recompute.js';
import { createHarness, TEST_FLOAT, type Harness } from '../harness.js';
import { createTestDatabase, type TestDatabase } from '../postgres.js';

let h: Harness;
let pgdb: TestDatabase;
let group: Group;
let hallId: string;
let entries: GroupEntry[];

/** A hall's short evening: a game, three sales a minute apart (one voided). */
async function play(): Promise<void> {
  h = await createHarness();
  await h.ok('setup.init', { hallName: 'Sala Falsificada', admin: { username: 'admin', name: 'Admin', pin: '1111' } });
  const admin = await h.login('admin', '1111');
  await h.ok('users.create', { username: 'gerente', name: 'Gerente', roles: ['manager'], pin: '2222' }, admin);
  await h.ok('users.create', { username: 'caixa1', name: 'Caixa Um', roles: ['cashier'], pin: '3333' }, admin);
  await h.ok('settings.update', { stampDutyBasisPoints: 2500 }, admin);
  await h.ok('ballSet.register', { serial: 'BOLAS-1' }, admin);
  const cashier = await h.login('caixa1', '3333');
  await h.ok('drawer.open', { floatByDenomination: TEST_FLOAT }, cashier);
  const manager = await h.login('gerente', '2222');
  await h.ok('series.register', { code: 'A', priceCents: 150, size: 600 }, manager);
  await h.ok('session.open', { startChecks: ['balls', 'material'], scheduledCloseAt: new Date(h.clock.now().getTime() + 4 * 3_600_000).toISOString() }, manager);
  const game = await h.ok('game.open', { seriesCode: 'A' }, manager);
  for (const quantity of [8, 4, 10]) {
    h.clock.advanceMinutes(1);
    await h.ok('sale.create', { gameId: game.id, quantity, payment: { method: 'cash', tenderedCents: quantity * 150 } }, cashier);
  }
  await h.ok('sale.voidLast', { gameId: game.id, approval: { username: 'gerente', pin: '2222' } }, cashier);
}

beforeAll(async () => {
  await play();
  pgdb = await createTestDatabase();
  group = await openGroup(pgdb.url);
  hallId = hallIdentity(h.kiosk.db).hallId;
  await shipHall(h.kiosk.db, group.pool);
  entries = await journalSeqs(group.pool, hallId, 1, 10_000);
});

afterAll(async () => {
  h?.close();
  await group?.close();
  await pgdb?.drop();
});

/** The entries whose facts hold a kind, in order. */
const holding = (key: string) => entries.filter((e) => e.facts && key in e.facts);

/**
 * The entry `seq` rewritten by `forge` as a forger would: its documents, facts, contract and hall schema as forged,
 * its fact types and tables the report finds them by set to match, and its digest recomputed with the hall's own
 * code (unless `keepDigest`), so only the facts' own check can name it.
 */
async function forged(seq: number, forge: (e: GroupEntry) => Partial<GroupEntry>, keepDigest = false): Promise<void> {
  const e = { ...entries.find((x) => x.seq === seq)!, ...forge(structuredClone(entries.find((x) => x.seq === seq)!)) };
  const published = e.contract !== null && e.facts !== null ? { contract: e.contract, facts: e.facts, hallSchema: e.hallSchema ?? null } : undefined;
  const digest = keepDigest ? e.documentsHash : entryDigest(e.hash, e.documents ?? {}, published);
  await pgdb.query(
    `UPDATE journal SET documents = $3::jsonb, doc_tables = ARRAY(SELECT jsonb_object_keys($3::jsonb) ORDER BY 1), facts = $4::jsonb,
            fact_types = ARRAY(SELECT jsonb_object_keys($4::jsonb) ORDER BY 1), contract = $5, hall_schema = $6, documents_hash = $7
      WHERE hall_id = $1 AND seq = $2`,
    [hallId, seq, JSON.stringify(e.documents), JSON.stringify(e.facts), e.contract, e.hallSchema ?? null, digest],
  );
}

/** The entry `seq` as the hall shipped it. */
const restored = (seq: number) => forged(seq, () => ({}), true);

/** group:verify's answer for the hall: its first break and how many entries it read to it. */
async function verdict(): Promise<{ valid: boolean; entries: number; firstBreak: unknown }> {
  const check = await verifyGroup(group.pool);
  expect(check.halls).toHaveLength(1);
  return { valid: check.valid, entries: check.halls[0]!.entries, firstBreak: check.halls[0]!.firstBreak };
}

const sale = (e: GroupEntry) => (e.facts as Record<string, Record<string, unknown>[]>)['sale@1']![0]!;

describe("a forger's kit for the group's contract", () => {
  it('ships version-1 entries that hold, each from the hall schema its file has', async () => {
    expect(entries.length).toBeGreaterThan(10);
    expect(new Set(entries.map((e) => `${e.contract} ${e.hallSchema}`))).toEqual(new Set([`${CONTRACT_VERSION} ${newestHallSchema()}`]));
    expect(holding('sale@1')).toHaveLength(3);
    expect(await verdict()).toEqual({ valid: true, entries: entries.length, firstBreak: null });
  });

  it('refuses and names each forgery of an entry whose digest a forger recomputed', async () => {
    const [first, second] = holding('sale@1') as [GroupEntry, GroupEntry];
    const opened = holding('game@1')[0]!;
    const newest = newestHallSchema();
    const cases: { name: string; seq: number; forge: (e: GroupEntry) => Partial<GroupEntry>; reason: string; words: string }[] = [
      {
        name: 'facts changed, documents kept',
        seq: first.seq,
        forge: (e) => ({ facts: { ...e.facts, 'sale@1': [{ ...sale(e), totalCents: Number(sale(e).totalCents) + 100 }] } as EntryFacts }),
        reason: 'facts',
        words: `sale@1 n.º 1: totalCents ${Number(sale(first).totalCents) + 100} nos factos, ${sale(first).totalCents} nos documentos`,
      },
      {
        name: 'documents changed, facts kept',
        seq: first.seq,
        forge: (e) => ({ documents: { ...e.documents, sales: [{ ...e.documents!.sales![0]!, total_cents: Number(sale(e).totalCents) - 150 }] } }),
        reason: 'facts',
        words: `sale@1 n.º 1: totalCents ${sale(first).totalCents} nos factos, ${Number(sale(first).totalCents) - 150} nos documentos`,
      },
      {
        name: 'a fact added',
        seq: first.seq,
        forge: (e) => ({ facts: { ...e.facts, 'sale@1': [sale(e), { ...sale(e), saleId: 999 }] } as EntryFacts }),
        reason: 'facts',
        words: `sale@1 n.º 2 a mais nos factos (${JSON.stringify({ ...sale(first), saleId: 999 })}): os documentos não o dão`,
      },
      {
        name: 'a fact dropped',
        seq: opened.seq,
        forge: (e) => ({ facts: Object.fromEntries(Object.entries(e.facts!).filter(([k]) => k !== 'game@1')) as EntryFacts }),
        reason: 'facts',
        words: `game@1 n.º 1 em falta nos factos: os documentos dão ${JSON.stringify((opened.facts as Record<string, unknown[]>)['game@1']![0])}`,
      },
      {
        name: "a fact of another entry swapped in",
        seq: first.seq,
        forge: () => ({ facts: second.facts }),
        reason: 'facts',
        words: `sale@1 n.º 1: at ${JSON.stringify(sale(second).at)} nos factos, ${JSON.stringify(sale(first).at)} nos documentos`,
      },
      {
        name: 'an unknown fact version',
        seq: first.seq,
        forge: (e) => ({ facts: { 'sale@2': [sale(e)] } as unknown as EntryFacts }),
        reason: 'facts',
        words: 'facto sale@2, de um tipo ou versão que este programa do grupo não conhece',
      },
      {
        name: 'an unknown contract version',
        seq: first.seq,
        forge: () => ({ contract: CONTRACT_VERSION + 1 }),
        reason: 'facts',
        words: `versão ${CONTRACT_VERSION + 1} do contrato, que este programa do grupo não conhece (conhece até à ${CONTRACT_VERSION})`,
      },
      {
        name: 'a hall schema the group does not know',
        seq: first.seq,
        forge: () => ({ hallSchema: newest + 1 }),
        reason: 'hall_schema',
        words: `enviada do esquema ${newest + 1} da base de dados da sala, que o contrato deste programa do grupo não conhece (conhece do ${HALL_MAPPINGS[0]!.from} ao ${newest}): a sala é mais recente, e o programa do grupo tem de ser atualizado`,
      },
      {
        name: 'a hall schema older than any mapping',
        seq: first.seq,
        forge: () => ({ hallSchema: HALL_MAPPINGS[0]!.from - 1 }),
        reason: 'hall_schema',
        words: `enviada do esquema ${HALL_MAPPINGS[0]!.from - 1} da base de dados da sala, que o contrato deste programa do grupo não conhece (conhece do ${HALL_MAPPINGS[0]!.from} ao ${newest})`,
      },
      {
        name: 'the hall schema dropped',
        seq: first.seq,
        forge: () => ({ hallSchema: null }),
        reason: 'hall_schema',
        words: 'enviada sem dizer de que esquema da base de dados da sala',
      },
      {
        name: "a document's column renamed (its rows no longer map)",
        seq: first.seq,
        forge: (e) => ({ documents: { ...e.documents, sales: e.documents!.sales!.map(({ total_cents, ...r }) => ({ ...r, amount_cents: total_cents })) } }),
        reason: 'facts',
        words: expect.stringMatching(/^os documentos não dão os factos do contrato \(group contract: sale@1 of sale\.create: totalCents /) as unknown as string,
      },
    ];
    const named: string[] = [];
    for (const c of cases) {
      await forged(c.seq, c.forge);
      expect(await verdict(), c.name).toEqual({ valid: false, entries: c.seq, firstBreak: { seq: c.seq, reason: c.reason, words: c.words } });
      named.push(c.name);
      await restored(c.seq);
      expect(await verdict(), `${c.name}, put back`).toEqual({ valid: true, entries: entries.length, firstBreak: null });
    }
    expect(named).toHaveLength(11);
  });

  it('names the hall schema edited without the digest recomputed as the documents (the digest binds it)', async () => {
    const seq = holding('sale@1')[0]!.seq;
    await forged(seq, (e) => ({ hallSchema: e.hallSchema! - 1 }), true);
    expect(await verdict()).toEqual({ valid: false, entries: seq, firstBreak: { seq, reason: 'documents' } });
    await restored(seq);
    expect((await verdict()).valid).toBe(true);
  });

  it("re-derives an entry's facts in microseconds (the cost group:verify pays per entry)", () => {
    const owed = true;
    for (const e of entries) expect(factsBreak(e, owed)).toBeNull();
    /** µs per entry of `f` over every entry: the least of 7 runs of 100 rounds (the machine may be loaded). */
    const cost = (f: (e: GroupEntry) => unknown) => {
      let best = Infinity;
      for (let run = 0; run < 7; run++) {
        const t0 = performance.now();
        for (let i = 0; i < 100; i++) for (const e of entries) f(e);
        best = Math.min(best, ((performance.now() - t0) * 1000) / (100 * entries.length));
      }
      return best;
    };
    const whole = cost((e) => factsBreak(e, owed));
    // What the check cost before it re-derived: the facts' schemas alone.
    const schemasOnly = cost((e) => factsProblem(e.facts));
    console.log(`factsBreak: ${whole.toFixed(1)} µs per entry; the facts' schemas alone (the check before): ${schemasOnly.toFixed(1)} µs (${entries.length} entries)`);
    expect(whole).toBeLessThan(1000);
  });
});
