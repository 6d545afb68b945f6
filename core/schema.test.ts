import { describe, expect, it } from 'vitest';
import { plainText } from './schema.js';

describe('plainText', () => {
  const name = plainText(2, 80);
  const note = plainText(1, 2000, { multiline: true });

  it('takes names with accents, digits and punctuation, trimmed', () => {
    expect(name.parse('  Bingo do Rossio, Lda.  ')).toBe('Bingo do Rossio, Lda.');
    expect(name.parse('Salão «Águia» n.º 2 — 1.º andar')).toBe('Salão «Águia» n.º 2 — 1.º andar');
    expect(note.parse('Primeira linha\nSegunda linha')).toBe('Primeira linha\nSegunda linha');
  });

  it('refuses NUL, control characters, the C1 range and the marks that reorder text', () => {
    for (const bad of ['Sala\u0000X', 'Sala\u0007', 'Sala\u001bX', 'Sala\u0085X', 'Sala\u202eX', 'Sala\u2066X', 'Sala\u200fX', 'Sa\ufeffla', 'Sala\nX', 'Sala\tX']) {
      expect([JSON.stringify(bad), name.safeParse(bad).success]).toEqual([JSON.stringify(bad), false]);
    }
    expect(note.safeParse('a\u202eb').success).toBe(false);
    expect(note.safeParse('a\u0000b').success).toBe(false);
  });

  it('keeps its length bounds', () => {
    expect(name.safeParse('A').success).toBe(false);
    expect(name.safeParse('A'.repeat(81)).success).toBe(false);
  });
});
