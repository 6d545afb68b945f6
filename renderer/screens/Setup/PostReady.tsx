/** What the first run shows once the post is made: the hall server's addresses and fingerprint for the counters, or a counter's confirmation code. */
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';

type PostStatus = ChannelOutput<'post.status'>;

export function HallReady({ hall, onDone }: { hall: NonNullable<PostStatus['hall']>; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="screen screen-narrow post-screen">
      <section className="panel" aria-labelledby="post-ready-title" data-testid="post-hall-ready">
        <h1 id="post-ready-title">{t('post.hallReady')}</h1>
        <p className="hint">{t('post.hallGive')}</p>
        <h2>{t('post.addresses')}</h2>
        {hall.addresses.length > 0 ? (
          <ul className="post-addresses" data-testid="post-hall-addresses">
            {hall.addresses.map((a) => (
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
          {hall.fingerprint}
        </p>
        <button type="button" className="btn btn-primary btn-large" onClick={onDone} data-testid="post-done" autoFocus>
          {t('post.done')}
        </button>
      </section>
    </main>
  );
}

export function CounterReady({ counter, onDone }: { counter: NonNullable<PostStatus['counter']>; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <main className="screen screen-narrow post-screen">
      <section className="panel" aria-labelledby="post-ready-title" data-testid="post-counter-ready">
        <h1 id="post-ready-title">{t('post.counterReady', { terminalId: counter.terminalId })}</h1>
        <p>
          {t('post.confirmation')}: <strong className="post-confirmation" data-testid="post-confirmation">{counter.confirmation}</strong>
        </p>
        <p className="hint">{t('post.compare')}</p>
        <button type="button" className="btn btn-primary btn-large" onClick={onDone} data-testid="post-done" autoFocus>
          {t('post.done')}
        </button>
      </section>
    </main>
  );
}
