import { describe, expect, it } from 'vitest';
import { journalStateText } from './journal-state.js';

const base = { backlog: 0, groupHead: 12, lastShippedAt: null, lastEntryAt: null, since: null, divergedSeq: null, cause: null };

describe("the journal's state in words", () => {
  it('says since when the group has not answered, on the hall clock, and the exact backlog', () => {
    // 14:05 UTC in December: 14:05 in Lisbon, 13:05 in the Azores.
    const down = { ...base, state: 'unreachable' as const, backlog: 7, since: '2026-12-06T14:05:30.000Z', cause: 'ETIMEDOUT' };
    expect(journalStateText(down, 'Europe/Lisbon')).toBe('sem ligação ao grupo desde 14:05, 7 entradas por enviar');
    expect(journalStateText(down, 'Atlantic/Azores')).toBe('sem ligação ao grupo desde 13:05, 7 entradas por enviar');
    expect(journalStateText({ ...down, backlog: 1 }, 'Europe/Lisbon')).toBe('sem ligação ao grupo desde 14:05, 1 entrada por enviar');
    expect(journalStateText(down, 'Europe/Lisbon', 'en')).toBe('no link to the group since 14:05, 7 entries to send');
    // Summer time: 14:05 UTC is 15:05 in Lisbon.
    expect(journalStateText({ ...down, since: '2026-07-01T14:05:00.000Z' }, 'Europe/Lisbon')).toBe('sem ligação ao grupo desde 15:05, 7 entradas por enviar');
  });

  it('says "em dia" only in the caught-up state', () => {
    expect(journalStateText({ ...base, state: 'caught-up' }, 'Europe/Lisbon')).toBe('em dia: o grupo tem todas as entradas desta sala (a última n.º 12)');
    expect(journalStateText({ ...base, state: 'shipping', backlog: 3 }, 'Europe/Lisbon')).toBe('a enviar ao grupo: 3 entradas por enviar');
  });
});
