import { useEffect, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { forgetLostAct, lostActs, onLostActs, type LostAct } from '../client.js';
import { hallClock } from '../../core/time.js';
import { useFormat, useHallZone } from '../format.js';
import { useKioskQuery } from '../hooks.js';

/** How long the hall's word on an act stays on screen. */
const SETTLED_SHOWN_MS = 8_000;

interface Settled {
  act: LostAct;
  done: boolean;
  /** Shown until then (ms). */
  until: number;
}

/** An act as the operator names it: its channel's words, its amount or number when it has one. */
function useActName(): (act: LostAct) => string {
  const { t } = useTranslation();
  const f = useFormat();
  return (act) => {
    const input = (typeof act.input === 'object' && act.input !== null ? act.input : {}) as Record<string, unknown>;
    const kind = typeof input.kind === 'string' ? input.kind : '';
    // i18next reads dots as nesting: the channel's dot is an underscore in the keys.
    const channel = act.channel.replace('.', '_');
    const family = act.channel.split('.')[0] ?? '';
    const base = t(`pending.act.${channel}_${kind}`, {
      defaultValue: t(`pending.act.${channel}`, { defaultValue: t(`pending.family.${family}`, { defaultValue: t('pending.other') }) }),
    });
    const amount = typeof input.amountCents === 'number' ? ` ${f.money(input.amountCents)}` : '';
    const number = typeof input.guiaId === 'number' ? ` ${input.guiaId}` : '';
    return `${base}${number}${amount}`;
  };
}

/**
 * Every screen's commands whose answer was lost (issue 37, point 1): listed
 * until the hall answers for their keys, then the hall's word on each shown a
 * moment. Laid over the page's corner, so that nothing on it moves; clicks go
 * through it.
 */
export function PendingOutcomes() {
  const { t } = useTranslation();
  const name = useActName();
  const zone = useHallZone();
  const acts = useSyncExternalStore(onLostActs, lostActs);
  const link = useKioskQuery('link.status', {});
  const [settled, setSettled] = useState<Settled[]>([]);
  const outcomes = link.data?.mode === 'counter' ? link.data.outcomes : undefined;

  useEffect(() => {
    if (!outcomes) return;
    const now: Settled[] = [];
    for (const act of acts) {
      const o = outcomes.find((x) => x.key === act.key && x.state !== 'unknown');
      if (o) now.push({ act, done: o.state === 'done', until: Date.now() + SETTLED_SHOWN_MS });
    }
    if (now.length === 0) return;
    setSettled((shown) => [...shown, ...now]);
    // The act is known: the same press is now a new act, under a new key.
    for (const s of now) forgetLostAct(s.act.key);
  }, [outcomes, acts]);

  useEffect(() => {
    if (settled.length === 0) return;
    const first = Math.min(...settled.map((s) => s.until));
    const timer = setTimeout(() => setSettled((shown) => shown.filter((s) => s.until > Date.now())), Math.max(0, first - Date.now()) + 10);
    return () => clearTimeout(timer);
  }, [settled]);

  if (acts.length === 0 && settled.length === 0) return null;
  return (
    <aside className="pending-outcomes" role="status" aria-live="polite" data-testid="pending-outcomes">
      {acts.length > 0 ? (
        <div data-testid="pending-unknown">
          <strong>{t('pending.title')}</strong>{' '}
          {acts.map((a, i) => (
            <span key={a.key}>
              {i > 0 ? '; ' : ''}
              {t('pending.item', { what: name(a), time: hallClock(new Date(a.at).toISOString(), zone) })}
            </span>
          ))}
        </div>
      ) : null}
      {settled.map((s) => (
        <div key={s.act.key} data-testid="pending-settled">
          {t(s.done ? 'pending.done' : 'pending.notDone', { what: name(s.act) })}
        </div>
      ))}
    </aside>
  );
}
