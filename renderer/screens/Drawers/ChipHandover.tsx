import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { FACE_VALUES } from '../../../core/chips.js';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke } from '../../client.js';
import { PinField, UsernameField, useCredentials } from '../../components/Credentials.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useOffline } from '../../components/LinkBanner.js';
import { PinPad } from '../../components/PinPad.js';
import { StaffTiles } from '../../components/StaffTiles.js';
import { useKioskQuery } from '../../hooks.js';
import { useFormat } from '../../format.js';

type Handed = ChannelOutput<'chips.handover'>;

/**
 * The chips this drawer took for cards (DN 80/85, art. 19.º) handed to the
 * caixa (chips.handover, issue 41): counted by face value here, the caixa
 * confirms with his own name and PIN; out of this drawer, into his. Shown to
 * a seller of cards whose drawer holds chips.
 */
export function ChipHandover() {
  const { t } = useTranslation();
  const f = useFormat();
  const [asking, setAsking] = useState(false);
  const [done, setDone] = useState<Handed | null>(null);
  const offline = useOffline();
  // Only a seller of cards takes chips for them: the caixa's own chips move at the caixa's desk.
  const me = useKioskQuery('auth.me', {});
  if (!me.data?.roles.includes('cashier')) return null;
  return (
    <section className="panel" aria-labelledby="handover-title">
      <h2 id="handover-title">{t('drawer.handover.title')}</h2>
      <p className="meta">{t('drawer.handover.explain')}</p>
      <button
        type="button"
        className="btn"
        data-testid="handover-start"
        onClick={() => {
          setDone(null);
          setAsking(true);
        }}
        {...offline}
      >
        {t('drawer.handover.button')}
      </button>
      {asking ? (
        <HandoverDialog
          onClose={() => setAsking(false)}
          onDone={(h) => {
            setAsking(false);
            setDone(h);
          }}
        />
      ) : null}
      {done ? (
        <p role="status" className="success" data-testid="handover-done">
          {t('drawer.handover.done', { amount: f.money(done.totalCents), receiver: done.receivedBy, terminal: done.toTerminal })}
        </p>
      ) : null}
    </section>
  );
}

function HandoverDialog({ onClose, onDone }: { onClose: () => void; onDone: (h: Handed) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const me = useKioskQuery('auth.me', {});
  const { username, setUsername, pin, setPin, error, setError, busy, pinRef, pick, attempt } = useCredentials();
  const [texts, setTexts] = useState<Record<number, string>>({});
  const counts = FACE_VALUES.map((v) => ({ valueCents: v, count: /^\d{1,5}$/.test(texts[v] ?? '') ? Number(texts[v]) : 0 })).filter((c) => c.count > 0);
  const total = counts.reduce((s, c) => s + c.valueCents * c.count, 0);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (counts.length === 0) {
      setError(t('drawer.handover.none'));
      return;
    }
    if (username.trim() === '' || pin === '') {
      setError(t('drawer.handover.missing'));
      return;
    }
    const handed = await attempt(() => invoke('chips.handover', { chips: counts, receiver: { username: username.trim(), pin } }));
    if (handed) onDone(handed.value);
  };

  return (
    <Dialog title={t('drawer.handover.title')} onClose={onClose} testId="handover-dialog" className="handover-dialog">
      <form className="form approval-form" onSubmit={(e) => void submit(e)}>
        <div className="approval-grid">
          <div className="approval-what">
            <p className="hint">{t('drawer.handover.hint')}</p>
            <div className="handover-chips" role="group" aria-label={t('drawer.chips')}>
              {FACE_VALUES.map((v) => (
                <label key={v} className="handover-chip">
                  {f.money(v)}
                  <input
                    data-testid={`handover-chip-${v}`}
                    className="count-input"
                    inputMode="numeric"
                    autoComplete="off"
                    placeholder="0"
                    value={texts[v] ?? ''}
                    disabled={busy}
                    onChange={(e) => setTexts((x) => ({ ...x, [v]: e.target.value.replace(/\D/g, '').slice(0, 5) }))}
                  />
                </label>
              ))}
            </div>
            <StaffTiles
              prefix="handover-tile"
              label={t('drawer.handover.receiver')}
              filter={(m) => m.username !== me.data?.username}
              selected={username.trim()}
              disabled={busy}
              onSelect={pick}
            />
          </div>
          <div className="approval-pin">
            <p className="count-total" aria-live="polite">
              {t('drawer.chipsTotal')} <strong data-testid="handover-total">{f.money(total)}</strong>
            </p>
            <UsernameField label={t('drawer.handover.username')} testId="handover-username" value={username} onChange={setUsername} autoComplete="off" />
            <PinField label={t('drawer.handover.pin')} testId="handover-pin" value={pin} onChange={setPin} inputRef={pinRef} autoComplete="off" />
            <PinPad value={pin} onChange={setPin} showEnter={false} disabled={busy} />
          </div>
        </div>
        <ErrorAlert error={error} testId="handover-error" />
        <div className="dialog-actions">
          <button type="button" className="btn" onClick={onClose} data-testid="handover-cancel">
            {t('common.cancel')}
          </button>
          <button type="submit" className="btn btn-primary btn-large" data-testid="handover-submit" disabled={busy}>
            {busy ? t('common.working') : t('drawer.handover.submit')}
          </button>
        </div>
      </form>
    </Dialog>
  );
}
