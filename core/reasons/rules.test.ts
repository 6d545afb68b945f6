import { describe, expect, it } from 'vitest';
import { errorMessage, KioskError } from '../errors.js';
import { reasonText } from '../schema.js';
import { checkReasonList, DEFAULT_REASONS, LISTED_REASON_MAX, REASON_ACTS, reasonIssue, reasonLists, REASONS_PER_ACT_MAX } from './rules.js';

const refusal = (fn: () => unknown): KioskError => {
  try {
    fn();
  } catch (e) {
    if (e instanceof KioskError) return e;
    throw e;
  }
  throw new Error('not refused');
};

describe('the default reasons', () => {
  it('every act has 3 to 5, each one a valid list entry and a valid reason for its command', () => {
    for (const act of REASON_ACTS) {
      const list = DEFAULT_REASONS[act];
      expect(list.length).toBeGreaterThanOrEqual(3);
      expect(list.length).toBeLessThanOrEqual(5);
      expect(checkReasonList(act, list)).toEqual(list);
      for (const r of list) expect(reasonText.safeParse(r).success).toBe(true);
    }
  });
  it('an act never edited offers its default; a saved list, even an empty one, replaces it', () => {
    const lists = reasonLists({ 'guia.void': ['Máquina avariada'], 'drawer.kick': [] });
    expect(lists['guia.void']).toEqual(['Máquina avariada']);
    expect(lists['drawer.kick']).toEqual([]);
    expect(lists['drawer.variance']).toEqual(DEFAULT_REASONS['drawer.variance']);
    expect(Object.keys(lists)).toEqual([...REASON_ACTS]);
  });
});

describe('reasonIssue: what the picker and the list rule judge', () => {
  it('trims, then needs 3 characters (counted as letters, not UTF-16 units) up to the maximum, printable', () => {
    expect(reasonIssue('   ')).toBe('empty');
    expect(reasonIssue(' ab ')).toBe('short');
    expect(reasonIssue('Açú')).toBeNull();
    expect(reasonIssue('a'.repeat(200))).toBeNull();
    expect(reasonIssue('a'.repeat(201))).toBe('long');
    expect(reasonIssue('a'.repeat(61), LISTED_REASON_MAX)).toBe('long');
    expect(reasonIssue('Nota de 20 € (cofre)')).toBeNull();
    expect(reasonIssue('Troco…')).toBe('characters');
    expect(reasonIssue('linha\nnova')).toBe('characters');
  });
  it("refuses a character exactly when the commands' reasonText does (Latin-1, Latin Extended-A, a few signs)", () => {
    const chars = [...Array.from({ length: 0x250 - 0x20 }, (_, i) => String.fromCodePoint(0x20 + i)), '€', '…', '→', '\u202e', '\t'];
    for (const c of chars) expect([c, reasonIssue(`a${c}bc`) === 'characters']).toEqual([c, !reasonText.safeParse(`a${c}bc`).success]);
  });
});

describe('checkReasonList: each refusal with its code and its words', () => {
  it('returns the entries trimmed; an empty list is allowed ("Outro…" alone)', () => {
    expect(checkReasonList('drawer.kick', ['  Troco  ', 'Contagem'])).toEqual(['Troco', 'Contagem']);
    expect(checkReasonList('drawer.kick', [])).toEqual([]);
  });
  it('an empty entry: REASON_EMPTY, naming its position and the act', () => {
    const e = refusal(() => checkReasonList('guia.void', ['Máquina errada', '  ']));
    expect(e.code).toBe('REASON_EMPTY');
    expect(e.params).toMatchObject({ act: 'guia.void', position: 2 });
    expect(e.message).toBe('O motivo n.º 2 da lista "anular uma guia" está vazio: escreva-o ou retire-o. Nada foi alterado.');
    expect(errorMessage(e.code, e.params, 'en')).toBe('Reason no. 2 of the "voiding a guia" list is empty: write it or remove it. Nothing was changed.');
  });
  it('two letters: REASON_TOO_SHORT', () => {
    const e = refusal(() => checkReasonList('drawer.kick', ['ok']));
    expect(e.code).toBe('REASON_TOO_SHORT');
    expect(e.message).toBe('O motivo "ok" (n.º 1, lista "abrir a gaveta sem venda") tem menos de 3 caracteres: quem o lê depois tem de perceber o que aconteceu. Nada foi alterado.');
  });
  it('61 characters: REASON_TOO_LONG (60 fits)', () => {
    expect(checkReasonList('chips.fill', ['a'.repeat(60)])).toHaveLength(1);
    const e = refusal(() => checkReasonList('chips.fill', ['a'.repeat(61)]));
    expect(e.code).toBe('REASON_TOO_LONG');
    expect(e.params).toMatchObject({ position: 1, max: 60 });
    expect(e.message).toContain('tem mais de 60 caracteres');
  });
  it('a character no slip prints: REASON_NOT_PRINTABLE', () => {
    const e = refusal(() => checkReasonList('drawer.variance', ['Erro de troco', 'Diferença → cofre']));
    expect(e.code).toBe('REASON_NOT_PRINTABLE');
    expect(e.params).toMatchObject({ position: 2, text: 'Diferença → cofre' });
  });
  it('the same words twice, letter case and spaces aside: REASON_DUPLICATE', () => {
    const e = refusal(() => checkReasonList('drawer.drop', ['Sangria', ' SANGRIA ']));
    expect(e.code).toBe('REASON_DUPLICATE');
    expect(e.message).toBe('O motivo "SANGRIA" aparece duas vezes na lista "recolha para o cofre" (a segunda é a n.º 2): cada botão diz uma coisa. Nada foi alterado.');
  });
  it('13 entries: REASON_LIST_TOO_LONG (12 fit)', () => {
    const list = (n: number) => Array.from({ length: n }, (_, i) => `Motivo ${i + 1}`);
    expect(checkReasonList('roulette.nullSpin', list(REASONS_PER_ACT_MAX))).toHaveLength(12);
    const e = refusal(() => checkReasonList('roulette.nullSpin', list(13)));
    expect(e.code).toBe('REASON_LIST_TOO_LONG');
    expect(e.message).toBe('A lista "golpe nulo" teria 13 motivos: no máximo 12, o que cabe no ecrã do balcão. Nada foi alterado.');
  });
});
