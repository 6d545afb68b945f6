import { describe, expect, it } from 'vitest';
import { FACT_KEYS, factsProblem } from './facts.js';
import { factsOfHallRows, TABLE_FACTS } from './hall-rows.js';

const readers = { machinesCsv: () => [{ number: '8', betCents: 100 }] };
const sale = { type: 'sale@1', fact: { at: '2026-11-30T20:00:00.000Z', cards: 2, gameId: 1, ranges: [{ first: 1, last: 2, seriesId: 1 }], saleId: 1, totalCents: 300 } };

describe("the group's contract: facts", () => {
  it('holds facts of known types and versions, every field of its schema', () => {
    expect(factsProblem({ 'sale@1': [sale.fact] })).toBeNull();
    expect(factsProblem({})).toBeNull();
    expect(factsProblem({ 'sale@2': [sale.fact] })).toBe('facto sale@2, de um tipo ou versão que este programa do grupo não conhece');
    expect(factsProblem({ 'sale@1': [] })).toBe('sale@1 não é uma lista de factos');
    expect(factsProblem({ 'sale@1': [{ ...sale.fact, totalCents: 1.5 }] })).toMatch(/^sale@1 n\.º 1 não é deste tipo e versão \(totalCents: /);
    // Strict: a field more is another version's.
    expect(factsProblem({ 'sale@1': [{ ...sale.fact, cashCents: 300 }] })).toMatch(/^sale@1 n\.º 1 não é deste tipo e versão \(o facto: .*cashCents/);
    expect(factsProblem([])).toBe('os factos não são um objeto');
  });

  it("maps a command's answer and input to facts only when it was done", () => {
    const entry = (channel: string, input: unknown, after: unknown, outcome = 'ok') => ({ channel, outcome, input: JSON.stringify(input), after: JSON.stringify(after) });
    expect(factsOfHallRows(entry('session.close', {}, { sessionId: 3, closedAt: '2026-11-30T23:00:00.000Z' }), {}, readers)).toEqual({
      'session_close@1': [{ closedAt: '2026-11-30T23:00:00.000Z', sessionId: 3 }],
    });
    expect(factsOfHallRows(entry('game.annul', { gameId: 4 }, {}, 'refused'), {}, readers)).toEqual({});
    expect(factsOfHallRows(entry('machine.import', { csv: 'x' }, {}), {}, readers)).toEqual({ 'machine_bet@1': [{ betCents: 100, number: '8' }] });
    expect(() => factsOfHallRows(entry('machine.update', {}, { number: '7' }), {}, readers)).toThrow(/machine_bet@1 of machine\.update: betCents/);
  });

  it('names the fact each shipped table publishes, each a fact of the contract', () => {
    expect(TABLE_FACTS.sales).toBe('sale@1');
    expect(TABLE_FACTS.acta_entries).toBeUndefined();
    for (const key of Object.values(TABLE_FACTS)) expect(FACT_KEYS).toContain(key);
  });
});
