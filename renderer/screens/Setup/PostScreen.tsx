import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInput, ChannelOutput } from '../../../core/contract.js';
import { DEFAULT_TERMINALS_PORT, type PostMode } from '../../../core/terminals/rules.js';
import { invoke } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';

type PostStatus = ChannelOutput<'post.status'>;
const MODES: readonly PostMode[] = ['standalone', 'hall', 'counter'];

/**
 * The installed program's first run (issue 24, point 4): is this post a
 * standalone kiosk, the hall server or a counter? The choice says what it
 * does before it is made; a refusal (a wrong fingerprint, a code used, the
 * hall out of reach) stays in the dialog in the kiosk's words and changes
 * nothing. The hall server then shows what to give the counters; a counter,
 * the confirmation code to compare with the hall server's screen.
 */
export function PostScreen({ onDone }: { onDone: () => void }) {
  const { t } = useTranslation();
  const [mode, setMode] = useState<PostMode | null>(null);
  const [port, setPort] = useState(String(DEFAULT_TERMINALS_PORT));
  const [hallUrl, setHallUrl] = useState('');
  const [fingerprint, setFingerprint] = useState('');
  const [code, setCode] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<PostStatus | null>(null);

  const choice = (): ChannelInput<'post.configure'> =>
    mode === 'hall'
      ? { mode, terminalsPort: Number(port) }
      : mode === 'counter'
        ? { mode, hallUrl: hallUrl.trim(), fingerprint: fingerprint.trim(), code: code.trim() }
        : { mode: 'standalone' };

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode !== null) setConfirming(true);
  };

  if (result?.hall) {
    return (
      <main className="screen screen-narrow post-screen">
        <section className="panel" aria-labelledby="post-ready-title" data-testid="post-hall-ready">
          <h1 id="post-ready-title">{t('post.hallReady')}</h1>
          <p className="hint">{t('post.hallGive')}</p>
          <h2>{t('post.addresses')}</h2>
          {result.hall.addresses.length > 0 ? (
            <ul className="post-addresses" data-testid="post-hall-addresses">
              {result.hall.addresses.map((a) => (
                <li key={a} className="mono">
                  {a}
                </li>
              ))}
            </ul>
          ) : (
            <p className="empty">{t('post.noAddress')}</p>
          )}
          <h2>{t('post.fingerprint')}</h2>
          <p className="mono terminal-command" data-testid="post-hall-fingerprint">
            {result.hall.fingerprint}
          </p>
          <button type="button" className="btn btn-primary btn-large" onClick={onDone} data-testid="post-done" autoFocus>
            {t('post.done')}
          </button>
        </section>
      </main>
    );
  }

  if (result?.counter) {
    return (
      <main className="screen screen-narrow post-screen">
        <section className="panel" aria-labelledby="post-ready-title" data-testid="post-counter-ready">
          <h1 id="post-ready-title">{t('post.counterReady', { terminalId: result.counter.terminalId })}</h1>
          <p>
            {t('post.confirmation')}: <strong className="post-confirmation" data-testid="post-confirmation">{result.counter.confirmation}</strong>
          </p>
          <p className="hint">{t('post.compare')}</p>
          <button type="button" className="btn btn-primary btn-large" onClick={onDone} data-testid="post-done" autoFocus>
            {t('post.done')}
          </button>
        </section>
      </main>
    );
  }

  return (
    <main className="screen screen-narrow post-screen">
      <form className="panel form" onSubmit={submit} aria-labelledby="post-title" data-testid="post-choice">
        <h1 id="post-title">{t('post.title')}</h1>
        <p className="hint">{t('post.intro')}</p>
        <fieldset className="post-modes">
          <legend>{t('post.modes')}</legend>
          {MODES.map((m) => (
            <label key={m} className={`post-mode${mode === m ? ' selected' : ''}`}>
              <input type="radio" name="post-mode" value={m} checked={mode === m} onChange={() => setMode(m)} data-testid={`post-mode-${m}`} />
              <span className="post-mode-text">
                <span className="post-mode-name">{t(`post.${m}`)}</span>
                <span className="hint">{t(`post.${m}Hint`)}</span>
              </span>
            </label>
          ))}
        </fieldset>
        {mode === 'hall' ? (
          <label>
            {t('post.terminalsPort')}
            <input
              data-testid="post-terminals-port"
              inputMode="numeric"
              value={port}
              onChange={(e) => setPort(e.target.value.replace(/\D/g, '').slice(0, 5))}
              required
            />
            <span className="hint">{t('post.terminalsPortHint')}</span>
          </label>
        ) : null}
        {mode === 'counter' ? (
          <>
            <label>
              {t('post.hallUrl')}
              <input data-testid="post-hall-url" value={hallUrl} onChange={(e) => setHallUrl(e.target.value)} required placeholder="https://192.168.1.10:7443" autoCapitalize="none" spellCheck={false} />
              <span className="hint">{t('post.hallUrlHint')}</span>
            </label>
            <label>
              {t('post.fingerprint')}
              <input data-testid="post-fingerprint" className="mono" value={fingerprint} onChange={(e) => setFingerprint(e.target.value)} required placeholder="sha256:…" autoCapitalize="none" spellCheck={false} />
              <span className="hint">{t('post.fingerprintHint')}</span>
            </label>
            <label>
              {t('post.code')}
              <input data-testid="post-code" className="mono" value={code} onChange={(e) => setCode(e.target.value)} required autoCapitalize="characters" autoComplete="off" spellCheck={false} />
              <span className="hint">{t('post.codeHint')}</span>
            </label>
          </>
        ) : null}
        <button type="submit" className="btn btn-primary btn-large" data-testid="post-submit" disabled={mode === null}>
          {t('post.continue')}
        </button>
      </form>
      {confirming && mode !== null ? (
        <ConfirmDialog
          title={t('post.confirmTitle')}
          confirmLabel={t('post.confirm')}
          testId="post-confirm"
          confirmTestId="post-confirm-ok"
          onConfirm={() => invoke('post.configure', choice())}
          onDone={(status) => {
            setConfirming(false);
            // A standalone kiosk has nothing to hand on: on to the hall's setup.
            if (status.hall || status.counter) setResult(status);
            else onDone();
          }}
          onClose={() => setConfirming(false)}
        >
          <p data-testid="post-confirm-text">
            {mode === 'hall'
              ? t('post.confirmHall', { port })
              : mode === 'counter'
                ? t('post.confirmCounter', { hallUrl: hallUrl.trim() })
                : t('post.confirmStandalone')}
          </p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}
