/**
 * The group's contract (issue 39): what a hall publishes to its group, as
 * versioned facts, never as its own tables' columns. Each fact has a type, a
 * version and named fields (money in integer cents, instants as ISO texts);
 * an entry of the journal carries the facts its command made, keyed
 * `type@version`, beside the contract's version it was built under. The
 * group's report and checks read these facts alone, so a hall migration that
 * renames or reshapes a column changes the hall's mapping (./hall-rows.ts),
 * never what the group sums. docs/group-contract.md says it for people.
 *
 * Versions: a fact's version changes when its meaning does (a field added,
 * dropped or counted otherwise); the group then reads both, or upcasts the
 * older one. The contract's version names the whole set an entry was built
 * under: 0 for an entry shipped before facts travelled (the group derives its
 * facts from the raw rows it carries, ./hall-rows.ts factsOfHallRows), 1 today
 * (built by the hall, with the hall schema it shipped from: the group maps
 * the entry's documents again by that schema's range and compares).
 */
import { z } from 'zod';

/** The contract's version entries are built under now. */
export const CONTRACT_VERSION = 1;
/** The entries shipped before facts travelled: their facts are derived by the group from their raw rows (an upcast). */
export const CONTRACT_DERIVED = 0;

const id = z.number().int().positive();
const cents = z.number().int();
const count = z.number().int().nonnegative();
const instant = z.string().min(10);

/**
 * Every fact type the contract knows, by `type@version`, with its fields. Strict: a field more or less is not this
 * version. Fields in alphabetical order (and the mapping sorts a record's keys): facts come out of their schemas as
 * canonical JSON, so the shipper digests them with JSON.stringify alone (main/journal/digest.ts entryDigest).
 */
export const FACT_SCHEMAS = {
  /** A bingo session opened. */
  'session@1': z.strictObject({ openedAt: instant, sessionId: id }),
  /** A session closed (its command's answer). */
  'session_close@1': z.strictObject({ closedAt: instant, sessionId: id }),
  /** A game (jogada) opened in a session. */
  'game@1': z.strictObject({ gameId: id, number: id, sessionId: id }),
  /** A game annulled (art. 16.º): its cards, sales and stamp duty do not count. */
  'game_annulment@1': z.strictObject({ gameId: id }),
  /** A game's close of sale: its figures as frozen then (art. 13.º). */
  'game_closure@1': z.strictObject({ cards: count, gameId: id, stampDutyCents: cents, totalCents: cents }),
  /** A sale of cards: its game, its cards (by series' id and numbers) and what they cost. */
  'sale@1': z.strictObject({
    at: instant,
    cards: id,
    gameId: id,
    ranges: z.array(z.strictObject({ first: id, last: id, seriesId: id })),
    saleId: id,
    totalCents: cents,
  }),
  /** A sale voided (it then counts for nothing). */
  'sale_void@1': z.strictObject({ at: instant, saleId: id }),
  /** A prize awarded (line, bingo or the special prize). */
  'winner@1': z.strictObject({ gameId: id, kind: z.enum(['line', 'bingo', 'special']), prizeCents: cents, winnerId: id }),
  /** A prize paid. */
  'prize_payment@1': z.strictObject({ paidAt: instant, winnerId: id }),
  /** A sale refunded (its game annulled). */
  'refund@1': z.strictObject({ amountCents: cents, paidAt: instant, saleId: id }),
  /**
   * A card handed back after its game's annulment, refunded alone by its number (art. 16.º, n.º 3): its share of its
   * sale, counted as a refund of its game (the game named, since a card's sale may be a roving seller's).
   */
  'card_refund@1': z.strictObject({ amountCents: cents, gameId: id, paidAt: instant }),
  /** A guia (a machine's payout by hand) issued. */
  'guia@1': z.strictObject({ amountCents: cents, guiaId: id, issuedAt: instant, kind: z.string().min(1), machineId: id, number: id }),
  /** A guia paid: its cash part and its cheques' sum. */
  'guia_payment@1': z.strictObject({ cashCents: cents, chequeCents: cents, guiaId: id, paidAt: instant }),
  /** A guia voided. */
  'guia_void@1': z.strictObject({ guiaId: id, voidedAt: instant }),
  /** A drawer's close: its Z report's figures, and its movements' sums by kind. */
  'z_report@1': z.strictObject({
    closedAt: instant,
    countedCents: cents,
    expectedCents: cents,
    movements: z.record(z.string(), cents),
    varianceCents: cents,
    zNumber: id,
  }),
  /** Money put into a jackpot fund (from the meters or by hand). */
  'fund_contribution@1': z.strictObject({ amountCents: cents, at: instant }),
  /** Money moved between jackpot funds. */
  'fund_transfer@1': z.strictObject({ amountCents: cents, at: instant }),
  /** A machine registered (or imported): its id in the hall and its number. */
  'machine@1': z.strictObject({ machineId: id, number: z.string().min(1) }),
  /** A machine's bet as registered, edited or imported: the newest (by seq) holds. */
  'machine_bet@1': z.strictObject({ betCents: id, number: z.string().min(1) }),
  /** A machine's meters read: the credits played and paid since the reading before. */
  'meter_reading@1': z.strictObject({ at: instant, coinsIn: count, machineId: id, prizesPaid: count }),
} as const;

export type FactKey = keyof typeof FACT_SCHEMAS;
export type Fact<K extends FactKey> = z.infer<(typeof FACT_SCHEMAS)[K]>;
export const FACT_KEYS = Object.keys(FACT_SCHEMAS) as FactKey[];

/** An entry's facts: by `type@version`, each kind's facts in the order the hall wrote them; kinds without one left out. */
export type EntryFacts = { [K in FactKey]?: Fact<K>[] };

/**
 * Why an entry's facts are not of the contract, in the group's words (group:verify prints them), or null when they
 * are: every key known, every fact its schema's.
 */
export function factsProblem(facts: unknown): string | null {
  if (facts === null || typeof facts !== 'object' || Array.isArray(facts)) return 'os factos não são um objeto';
  for (const [key, list] of Object.entries(facts)) {
    const schema = (FACT_SCHEMAS as Record<string, z.ZodType>)[key];
    if (!schema) return `facto ${key}, de um tipo ou versão que este programa do grupo não conhece`;
    if (!Array.isArray(list) || list.length === 0) return `${key} não é uma lista de factos`;
    for (const [i, f] of list.entries()) {
      const r = schema.safeParse(f);
      if (!r.success) {
        const issue = r.error.issues[0];
        return `${key} n.º ${i + 1} não é deste tipo e versão (${issue ? `${issue.path.join('.') || 'o facto'}: ${issue.message}` : 'inválido'})`;
      }
    }
  }
  return null;
}
