/**
 * Reasons by touch (issue 38): the on-screen keyboard's keys as a pure rule
 * (typeKey), the keyboard and the reason buttons rendered to HTML (no DOM
 * needed) in pt-PT and English.
 */
import { createRef } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { i18n, initI18n } from '../i18n/index.js';
import { ReasonChoices } from './ReasonPicker.js';
import { KEY_ROWS, TouchKeyboard, typeKey, type KeyPress, type TypingState } from './TouchKeyboard.js';

beforeAll(() => {
  initI18n('pt-PT');
});
afterAll(async () => {
  await i18n.changeLanguage('pt-PT');
});

const char = (c: string): KeyPress => ({ kind: 'char', char: c });
/** Keys pressed from an empty field, the caret following. */
const typed = (keys: KeyPress[], max = 200, from: TypingState = { value: '', start: 0, end: 0, shift: true }) => keys.reduce((s, k) => typeKey(s, k, max), from);

describe('typeKey', () => {
  it('starts a field with a capital, then lower case; shift is one-shot and works on accented letters', () => {
    const s = typed([char('n'), char('o'), char('t'), char('a'), { kind: 'space' }, { kind: 'shift' }, char('é'), char('ç'), char('ã')]);
    expect(s).toEqual({ value: 'Nota Éçã', start: 8, end: 8, shift: false });
  });
  it('types at the caret and over a selection; backspace takes a whole character or the selection', () => {
    expect(typeKey({ value: 'Troca', start: 2, end: 2, shift: false }, char('x'), 200)).toEqual({ value: 'Trxoca', start: 3, end: 3, shift: false });
    expect(typeKey({ value: 'Troca', start: 1, end: 4, shift: false }, char('ó'), 200)).toEqual({ value: 'Tóa', start: 2, end: 2, shift: false });
    expect(typeKey({ value: 'Troca', start: 1, end: 4, shift: false }, { kind: 'backspace' }, 200)).toEqual({ value: 'Ta', start: 1, end: 1, shift: false });
    expect(typeKey({ value: 'Nota €', start: 6, end: 6, shift: false }, { kind: 'backspace' }, 200)).toEqual({ value: 'Nota ', start: 5, end: 5, shift: false });
    // At the start nothing is removed; emptied, the next letter is a capital again.
    expect(typeKey({ value: 'ab', start: 0, end: 0, shift: false }, { kind: 'backspace' }, 200)).toEqual({ value: 'ab', start: 0, end: 0, shift: false });
    expect(typed([{ kind: 'backspace' }], 200, { value: 'a', start: 1, end: 1, shift: false })).toEqual({ value: '', start: 0, end: 0, shift: true });
  });
  it('types nothing past the maximum', () => {
    expect(typed([char('a'), char('b'), char('c'), char('d')], 3).value).toBe('Abc');
  });
});

describe('the keyboard and the reason buttons, rendered', () => {
  it('has every pt-PT key, the accented letters among them, and its words in pt-PT', () => {
    const html = renderToStaticMarkup(<TouchKeyboard field={createRef()} value="" onChange={() => {}} shift={false} onShift={() => {}} maxLength={200} />);
    for (const c of KEY_ROWS.flat()) expect(html).toContain(`data-testid="touch-keyboard-key-${c}"`);
    for (const c of ['á', 'à', 'â', 'ã', 'ç', 'é', 'ê', 'í', 'ó', 'ô', 'õ', 'ú']) expect(KEY_ROWS.flat()).toContain(c);
    expect(html).toContain('aria-label="Teclado no ecrã"');
    expect(html).toContain('aria-pressed="false"');
    expect(html).toMatch(/Maiúscula<\/button>/);
    expect(html).toMatch(/Espaço<\/button>/);
    expect(html).toMatch(/Apagar<\/button>/);
  });
  it('shows capitals while shift is on', () => {
    const html = renderToStaticMarkup(<TouchKeyboard field={createRef()} value="" onChange={() => {}} shift onShift={() => {}} maxLength={200} />);
    expect(html).toContain('data-testid="touch-keyboard-key-ç">Ç</button>');
    expect(html).toContain('aria-pressed="true"');
  });
  it("offers the hall's reasons, the chosen one pressed, and \"Outro…\"; typed words show in its place", async () => {
    const props = { reasons: ['Troco para cliente', 'Troca de notas'], label: 'Motivo', testId: 'kick-reason', onChoose: () => {}, onOther: () => {} };
    const chosen = renderToStaticMarkup(<ReasonChoices {...props} value="Troca de notas" />);
    expect(chosen).toContain('<legend>Motivo</legend>');
    expect(chosen).toMatch(/aria-pressed="false" data-testid="kick-reason-choice-1">Troco para cliente<\/button>/);
    expect(chosen).toMatch(/aria-pressed="true" data-testid="kick-reason-choice-2">Troca de notas<\/button>/);
    expect(chosen).toMatch(/aria-pressed="false" data-testid="kick-reason-other">Outro…<\/button>/);
    const own = renderToStaticMarkup(<ReasonChoices {...props} value="Cliente pediu moedas" />);
    expect(own).toMatch(/aria-pressed="true" data-testid="kick-reason-other">Cliente pediu moedas<\/button>/);
    await i18n.changeLanguage('en');
    expect(renderToStaticMarkup(<ReasonChoices {...props} value="" />)).toMatch(/data-testid="kick-reason-other">Other…<\/button>/);
  });
});
