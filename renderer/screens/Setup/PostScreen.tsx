import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelInput, ChannelOutput } from '../../../core/contract.js';
import { DEFAULT_TERMINALS_PORT, type PostMode } from '../../../core/terminals/rules.js';
import { invoke } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { CounterReady, HallReady } from './PostReady.js';

type PostStatus = ChannelOutput<'post.status'>;
const MODES: readonly PostMode[] = ['standalone', 'hall', 'counter'];

/** The choice being made: the mode, and what the hall server or a counter needs. */
function usePostChoice() {
  const [mode, setMode] = useState<PostMode | null>(null);
  const [port, setPort] = useState(String(DEFAULT_TERMINALS_PORT));
  const [hallUrl, setHallUrl] = useState('');
  const [fingerprint, setFingerprint] = useState('');
  const [code, setCode] = useState('');
  const choice = (): ChannelInput<'post.configure'> =>
    mode === 'hall'
      ? { mode, terminalsPort: Number(port) }
      : mode === 'counter'
        ? { mode, hallUrl: hallUrl.trim(), fingerprint: fingerprint.trim(), code: code.trim() }
        : { mode: 'standalone' };
  return { mode, setMode, port, setPort, hallUrl, setHallUrl, fingerprint, setFingerprint, code, setCode, choice };
}

type Choice = ReturnType<typeof usePostChoice>;

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
  const post = usePostChoice();
  const { mode } = post;
  const [confirming, setConfirming] = useState(false);
  const [result, setResult] = useState<PostStatus | null>(null);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (mode !== null) setConfirming(true);
  };

  if (result?.hall) return <HallReady hall={result.hall} onDone={onDone} />;
  if (result?.counter) return <CounterReady counter={result.counter} onDone={onDone} />;

  return (
    <main className="screen screen-narrow post-screen">
      <form className="panel form" onSubmit={submit} aria-labelledby="post-title" data-testid="post-choice">
        <h1 id="post-title">{t('post.title')}</h1>
        <p className="hint">{t('post.intro')}</p>
        <ModeChoice mode={mode} onChange={post.setMode} />
        {mode === 'hall' ? <HallFields post={post} /> : null}
        {mode === 'counter' ? <CounterFields post={post} /> : null}
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
          onConfirm={() => invoke('post.configure', post.choice())}
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
              ? t('post.confirmHall', { port: post.port })
              : mode === 'counter'
                ? t('post.confirmCounter', { hallUrl: post.hallUrl.trim() })
                : t('post.confirmStandalone')}
          </p>
        </ConfirmDialog>
      ) : null}
    </main>
  );
}

/** The three kinds of post, each saying what it does. */
function ModeChoice({ mode, onChange }: { mode: PostMode | null; onChange: (mode: PostMode) => void }) {
  const { t } = useTranslation();
  return (
    <fieldset className="post-modes">
      <legend>{t('post.modes')}</legend>
      {MODES.map((m) => (
        <label key={m} className={`post-mode${mode === m ? ' selected' : ''}`}>
          <input type="radio" name="post-mode" value={m} checked={mode === m} onChange={() => onChange(m)} data-testid={`post-mode-${m}`} />
          <span className="post-mode-text">
            <span className="post-mode-name">{t(`post.${m}`)}</span>
            <span className="hint">{t(`post.${m}Hint`)}</span>
          </span>
        </label>
      ))}
    </fieldset>
  );
}

/** The hall server: the port its counters reach it on. */
function HallFields({ post }: { post: Choice }) {
  const { t } = useTranslation();
  return (
    <label>
      {t('post.terminalsPort')}
      <input
        data-testid="post-terminals-port"
        inputMode="numeric"
        value={post.port}
        onChange={(e) => post.setPort(e.target.value.replace(/\D/g, '').slice(0, 5))}
        required
      />
      <span className="hint">{t('post.terminalsPortHint')}</span>
    </label>
  );
}

/** A counter: the hall server's address and fingerprint, and its enrolment code. */
function CounterFields({ post }: { post: Choice }) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('post.hallUrl')}
        <input data-testid="post-hall-url" value={post.hallUrl} onChange={(e) => post.setHallUrl(e.target.value)} required placeholder="https://192.168.1.10:7443" autoCapitalize="none" spellCheck={false} />
        <span className="hint">{t('post.hallUrlHint')}</span>
      </label>
      <label>
        {t('post.fingerprint')}
        <input data-testid="post-fingerprint" className="mono" value={post.fingerprint} onChange={(e) => post.setFingerprint(e.target.value)} required placeholder="sha256:…" autoCapitalize="none" spellCheck={false} />
        <span className="hint">{t('post.fingerprintHint')}</span>
      </label>
      <label>
        {t('post.code')}
        <input data-testid="post-code" className="mono" value={post.code} onChange={(e) => post.setCode(e.target.value)} required autoCapitalize="characters" autoComplete="off" spellCheck={false} />
        <span className="hint">{t('post.codeHint')}</span>
      </label>
    </>
  );
}
