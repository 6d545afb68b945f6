import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput, GameView } from '../../../../core/contract.js';
import { invoke, type ClientError } from '../../../client.js';
import { parseBall } from '../../../lib/board.js';
import type { DrawWindow } from './useDrawWindow.js';

/**
 * A ball's entry: by keyboard (number + Enter; a digit typed with nothing focused goes to the field) or by touching
 * the board then confirming (the big button names the ball; Enter confirms, Escape cancels). One ball at a time.
 */
export function useBallEntry(game: GameView, canDraw: boolean, drawWindow: DrawWindow, onDrawn: (drawn: ChannelOutput<'game.drawBall'>) => void) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const busyRef = useRef(false);
  // A number touched on the board, waiting for its confirmation (a touch alone never registers a ball).
  const [pending, setPending] = useState<number | null>(null);
  const pendingRef = useRef<number | null>(null);
  useEffect(() => {
    pendingRef.current = pending;
  }, [pending]);
  const inputRef = useRef<HTMLInputElement>(null);
  const submitRef = useRef<HTMLButtonElement>(null);

  const cancelPending = () => {
    setPending(null);
    setText('');
  };

  const choose = (n: number) => {
    setPending(n);
    setText(String(n));
    setError(null);
    setNotice(null);
    // The confirmation is the big button, named with the ball: Enter or a touch on it registers.
    submitRef.current?.focus();
  };

  // A digit typed with nothing focused (or on the confirmation after a touch) goes to the ball field; Escape drops a touched number.
  useEffect(() => {
    if (!canDraw) return;
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      const free = !target || target === document.body || target === document.documentElement || target === submitRef.current;
      if (!free || e.defaultPrevented || e.ctrlKey || e.metaKey || e.altKey) return;
      if (document.querySelector('dialog[open]')) return;
      if (e.key === 'Escape' && pendingRef.current !== null) {
        e.preventDefault();
        setPending(null);
        setText('');
        return;
      }
      if (!/^\d$/.test(e.key)) return;
      e.preventDefault();
      // A digit after a touch starts a new number.
      const afterTouch = pendingRef.current !== null;
      setPending(null);
      setText((v) => (afterTouch || v.length >= 2 ? e.key : v + e.key));
      setError(null);
      inputRef.current?.focus();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [canDraw]);

  const draw = async (n: number) => {
    // One ball at a time: a second Enter or touch while the first is on its way is dropped.
    if (busyRef.current) return;
    busyRef.current = true;
    setBusy(true);
    setError(null);
    setNotice(null);
    const r = await invoke('game.drawBall', { gameId: game.id, number: n, ...(drawWindow.becomesLast && drawWindow.lastAnnounced ? { lastGameAnnounced: true } : {}) });
    if (!r.ok && r.error.code === 'LAST_GAME_ANNOUNCE_FIRST') {
      drawWindow.refusedLast();
    } else if (r.ok) {
      setText('');
      setPending(null);
      // The answer says what the ball changed: no need to read the whole board again.
      onDrawn(r.value);
    } else {
      setError(r.error);
    }
    busyRef.current = false;
    setBusy(false);
    inputRef.current?.focus();
    inputRef.current?.select();
  };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const n = parseBall(text);
    if (n === null) {
      setError(t('draw.invalid'));
      inputRef.current?.focus();
      return;
    }
    void draw(n);
  };

  return {
    text,
    typed: parseBall(text),
    type: (value: string) => {
      setText(value.replace(/\D/g, '').slice(0, 2));
      setPending(null);
      setError(null);
    },
    pending,
    choose,
    cancelPending,
    submit,
    busy,
    error,
    clearError: () => setError(null),
    notice,
    setNotice,
    inputRef,
    submitRef,
  };
}
export type BallEntry = ReturnType<typeof useBallEntry>;
