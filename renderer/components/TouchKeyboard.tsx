import { useLayoutEffect, useRef, type MouseEvent, type RefObject } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A pt-PT on-screen keyboard for a few words at a touch-only counter (issue 38:
 * a reason under "Outro…"): letters with their accented forms on keys of their
 * own (no dead keys to learn), digits, the punctuation a reason needs, space,
 * backspace and a one-shot shift. It types into a real text field, so a
 * physical keyboard types there too.
 */
export const KEY_ROWS: readonly (readonly string[])[] = [
  ['1', '2', '3', '4', '5', '6', '7', '8', '9', '0'],
  ['q', 'w', 'e', 'r', 't', 'y', 'u', 'i', 'o', 'p'],
  ['a', 's', 'd', 'f', 'g', 'h', 'j', 'k', 'l', 'ç'],
  ['z', 'x', 'c', 'v', 'b', 'n', 'm', ',', '.', '-'],
  ['á', 'à', 'â', 'ã', 'é', 'ê', 'í', 'ó', 'ô', 'õ', 'ú'],
];

export type KeyPress = { kind: 'char'; char: string } | { kind: 'space' } | { kind: 'backspace' } | { kind: 'shift' };

export interface TypingState {
  value: string;
  /** The field's selection (the caret when equal), in UTF-16 units as the DOM gives it. */
  start: number;
  end: number;
  shift: boolean;
}

/**
 * One key's effect: a character (upper case while shift is on, which then
 * lets go) or a space replaces the selection; backspace removes the selection
 * or the character before the caret (a whole code point); nothing is typed
 * past `maxLength`. Shift comes on by itself at the start of an empty field.
 */
export function typeKey(s: TypingState, key: KeyPress, maxLength: number): TypingState {
  const before = s.value.slice(0, s.start);
  const after = s.value.slice(s.end);
  if (key.kind === 'shift') return { ...s, shift: !s.shift };
  if (key.kind === 'backspace') {
    if (s.start !== s.end) return { value: before + after, start: s.start, end: s.start, shift: before + after === '' };
    if (s.start === 0) return s;
    const last = [...before].pop() ?? '';
    const kept = before.slice(0, before.length - last.length);
    return { value: kept + after, start: kept.length, end: kept.length, shift: kept + after === '' };
  }
  const text = key.kind === 'space' ? ' ' : s.shift ? key.char.toLocaleUpperCase('pt-PT') : key.char;
  if (before.length + text.length + after.length > maxLength) return s;
  const caret = before.length + text.length;
  return { value: before + text + after, start: caret, end: caret, shift: key.kind === 'space' ? s.shift : false };
}

/** Keeps the focus (and the caret) in the field when a key is clicked or touched. */
const keepFocus = (e: MouseEvent) => e.preventDefault();

interface Props {
  /** The field it types into: its selection is where a key goes. */
  field: RefObject<HTMLInputElement | null>;
  value: string;
  onChange: (value: string) => void;
  shift: boolean;
  onShift: (shift: boolean) => void;
  maxLength: number;
  testId?: string;
}

export function TouchKeyboard({ field, value, onChange, shift, onShift, maxLength, testId = 'touch-keyboard' }: Props) {
  const { t } = useTranslation();
  const caret = useRef<number | null>(null);
  // After React has written the new value, the caret goes just after what was typed.
  useLayoutEffect(() => {
    if (caret.current === null || !field.current) return;
    field.current.setSelectionRange(caret.current, caret.current);
    caret.current = null;
  }, [value, field]);
  const press = (key: KeyPress) => {
    const el = field.current;
    // A key that took the focus from elsewhere (a button tapped before) gives it back: a physical keyboard types on there.
    if (el && document.activeElement !== el) el.focus();
    const start = el?.selectionStart ?? value.length;
    const end = el?.selectionEnd ?? value.length;
    const next = typeKey({ value, start, end, shift }, key, maxLength);
    if (next.shift !== shift) onShift(next.shift);
    if (next.value !== value) {
      caret.current = next.start;
      onChange(next.value);
    } else if (el && (next.start !== start || next.end !== end)) el.setSelectionRange(next.start, next.end);
  };
  const show = (c: string) => (shift ? c.toLocaleUpperCase('pt-PT') : c);
  return (
    <div className="touch-keyboard" role="group" aria-label={t('keyboard.label')} data-testid={testId}>
      {KEY_ROWS.map((row, i) => (
        <div key={i} className="touch-keyboard-row">
          {row.map((c) => (
            <button key={c} type="button" className="key" tabIndex={-1} data-testid={`${testId}-key-${c}`} onMouseDown={keepFocus} onClick={() => press({ kind: 'char', char: c })}>
              {show(c)}
            </button>
          ))}
        </div>
      ))}
      <div className="touch-keyboard-row">
        <button
          type="button"
          className={`key key-secondary key-shift${shift ? ' active' : ''}`}
          tabIndex={-1}
          aria-pressed={shift}
          data-testid={`${testId}-shift`}
          onMouseDown={keepFocus}
          onClick={() => press({ kind: 'shift' })}
        >
          <span aria-hidden="true">⇧ </span>
          {t('keyboard.shift')}
        </button>
        {['/', '(', ')'].map((c) => (
          <button key={c} type="button" className="key" tabIndex={-1} data-testid={`${testId}-key-${c}`} onMouseDown={keepFocus} onClick={() => press({ kind: 'char', char: c })}>
            {c}
          </button>
        ))}
        <button type="button" className="key key-secondary key-space" tabIndex={-1} data-testid={`${testId}-space`} onMouseDown={keepFocus} onClick={() => press({ kind: 'space' })}>
          {t('keyboard.space')}
        </button>
        <button type="button" className="key" tabIndex={-1} data-testid={`${testId}-key-€`} onMouseDown={keepFocus} onClick={() => press({ kind: 'char', char: '€' })}>
          €
        </button>
        <button
          type="button"
          className="key key-secondary key-backspace"
          tabIndex={-1}
          data-testid={`${testId}-backspace`}
          onMouseDown={keepFocus}
          onClick={() => press({ kind: 'backspace' })}
        >
          <span aria-hidden="true">⌫ </span>
          {t('keyboard.backspace')}
        </button>
      </div>
    </div>
  );
}
