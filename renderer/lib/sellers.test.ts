import { describe, expect, it } from 'vitest';
import type { SellerBlockView } from '../../core/bingo/sellers-contract.js';
import { cardKey, loadUsualBlock, predictBlock, readFirstUnsold, saveUsualBlock, sellerFigures, sellerTiles, settlements, splitBlock, USUAL_BLOCK_KEY } from './sellers.js';

const A = (from: number, to: number) => ({ seriesCode: 'A', from, to });
const B = (from: number, to: number) => ({ seriesCode: 'B', from, to });
const game = (next: { seriesCode: string; number: number } | null, second: { code: string; cap: number } | null = null) => ({
  firstSeries: { code: 'A', start: 1, nextNumber: next?.seriesCode === 'A' ? next.number : 301, size: 300 },
  secondSeries: second ? { code: second.code, named: true, nextNumber: next?.seriesCode === second.code ? next.number : 1, cap: second.cap } : null,
  nextCard: next,
});

function block(id: number, seller: [number, string], ranges: { seriesCode: string; from: number; to: number }[], returned: Partial<NonNullable<SellerBlockView['returned']>> | null = null): SellerBlockView {
  const cards = ranges.reduce((n, r) => n + r.to - r.from + 1, 0);
  return {
    blockId: id,
    gameId: 1,
    seller: { id: seller[0], name: seller[1], username: seller[1].toLowerCase() },
    handedBy: 'Ana Caixa',
    cards,
    ranges,
    at: `2026-12-07T21:0${id}:00.000Z`,
    returned: returned === null ? null : { at: `2026-12-07T22:0${id}:00.000Z`, soldCards: 0, returnedCards: 0, saleId: null, owedCents: 0, countedCents: 0, differenceCents: 0, acceptedBy: null, ...returned },
  };
}

describe("the roving sellers' screen", () => {
  it('says which cards a block will hold: those handed back from the middle first, then from the next card, into the second series up to its cap', () => {
    expect(predictBlock(game({ seriesCode: 'A', number: 41 }), [], 20)).toEqual([A(41, 60)]);
    // A 15-20 handed back from the middle, the next card A 41: a block of 10 is A 15-20 and A 41-44.
    expect(predictBlock(game({ seriesCode: 'A', number: 41 }), [A(15, 20)], 10)).toEqual([A(15, 20), A(41, 44)]);
    expect(predictBlock(game({ seriesCode: 'A', number: 41 }), [A(15, 20)], 4)).toEqual([A(15, 18)]);
    // Over the end of series A into B, up to B's cap of 30.
    expect(predictBlock(game({ seriesCode: 'A', number: 291 }, { code: 'B', cap: 30 }), [], 40)).toEqual([A(291, 300), B(1, 30)]);
    expect(predictBlock(game({ seriesCode: 'A', number: 291 }, { code: 'B', cap: 30 }), [], 41)).toBeNull();
    expect(predictBlock(game({ seriesCode: 'B', number: 21 }, { code: 'B', cap: 30 }), [], 10)).toEqual([B(21, 30)]);
    // Sold out: only what came back from the middle.
    expect(predictBlock(game(null), [A(7, 9)], 3)).toEqual([A(7, 9)]);
    expect(predictBlock(game(null), [A(7, 9)], 4)).toBeNull();
  });

  it("cuts a block at the cards sold: a block of A 15-20 and A 41-44 with 8 sold hands back A 43-44", () => {
    expect(splitBlock([A(15, 20), A(41, 44)], 8)).toEqual({ sold: [A(15, 20), A(41, 42)], back: [A(43, 44)] });
    expect(splitBlock([A(1, 20)], 14)).toEqual({ sold: [A(1, 14)], back: [A(15, 20)] });
    expect(splitBlock([A(1, 20)], 20)).toEqual({ sold: [A(1, 20)], back: [] });
    expect(splitBlock([A(1, 20)], 0)).toEqual({ sold: [], back: [A(1, 20)] });
  });

  it("adds up each seller's blocks: held now, and sold, owed, counted and the difference of those collected", () => {
    const blocks = [
      block(1, [7, 'Marta'], [A(1, 20)], { soldCards: 14, returnedCards: 6, owedCents: 1_400, countedCents: 1_400 }),
      block(2, [8, 'Paulo'], [A(21, 40)], { soldCards: 20, owedCents: 2_000, countedCents: 1_000, differenceCents: -1_000, acceptedBy: 'Gerente de Sala' }),
      block(3, [7, 'Marta'], [A(15, 20), A(41, 44)]),
    ];
    expect(sellerFigures(blocks, 7)).toEqual({
      held: [blocks[2]],
      heldCards: 10,
      returnedBlocks: 1,
      soldCards: 14,
      returnedCards: 6,
      owedCents: 1_400,
      countedCents: 1_400,
      differenceCents: 0,
    });
    expect(sellerFigures(blocks, 8)).toMatchObject({ held: [], heldCards: 0, soldCards: 20, owedCents: 2_000, countedCents: 1_000, differenceCents: -1_000 });
    const all = settlements(blocks);
    expect(all.rows.map((r) => r.blockId)).toEqual([2, 1]);
    expect([all.soldCards, all.owedCents, all.countedCents, all.differenceCents]).toEqual([34, 3_400, 2_400, -1_000]);
  });

  it('shows as sellers the staff who are not managers nor the caixa herself, and anyone who holds a block', () => {
    const staff = [
      { id: 1, username: 'admin', name: 'Administrador', approver: true },
      { id: 3, username: 'caixa1', name: 'Ana Caixa', approver: false },
      { id: 7, username: 'marta', name: 'Marta', approver: false },
    ];
    expect(sellerTiles(staff, 'caixa1', [block(1, [9, 'Rui'], [A(1, 10)])])).toEqual([
      { id: 7, username: 'marta', name: 'Marta' },
      { id: 9, username: 'rui', name: 'Rui' },
    ]);
  });

  it('reads the first unsold card typed or scanned, a number alone of the block’s first series', () => {
    expect(readFirstUnsold('A 15', 'A')).toEqual({ seriesCode: 'A', number: 15 });
    expect(readFirstUnsold('b41', 'A')).toEqual({ seriesCode: 'B', number: 41 });
    expect(readFirstUnsold('41', 'A')).toEqual({ seriesCode: 'A', number: 41 });
    expect(readFirstUnsold('A ', 'A')).toBeNull();
    expect(readFirstUnsold('0', 'A')).toBeNull();
    expect(readFirstUnsold('V6-1A2B3C4D', 'A')).toBeNull();
  });

  it('types a card on the keypad: digits after the series, back, clear, another series', () => {
    let text = cardKey('', 'clear', 'A');
    expect(text).toBe('A ');
    for (const k of ['0', '1', '5']) text = cardKey(text, k, 'A');
    expect(text).toBe('A 15');
    expect(cardKey(text, 'back', 'A')).toBe('A 1');
    expect(cardKey(text, 'series:B', 'A')).toBe('B 15');
    expect(cardKey('A 123456', '7', 'A')).toBe('A 123456');
  });

  it('remembers the usual block per terminal, 20 until one of 10, 20 or 40 is chosen', () => {
    const kept = new Map<string, string>();
    const store = { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
    expect(loadUsualBlock(store)).toBe(20);
    saveUsualBlock(store, 40);
    expect(kept.get(USUAL_BLOCK_KEY)).toBe('40');
    expect(loadUsualBlock(store)).toBe(40);
    kept.set(USUAL_BLOCK_KEY, '33');
    expect(loadUsualBlock(store)).toBe(20);
    expect(loadUsualBlock(undefined)).toBe(20);
  });
});
