import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { announcementInEnglish, type AnnouncedGame } from '../../../core/bingo/announcement.js';
import { useFormat } from '../../format.js';

export interface AnnouncementData extends AnnouncedGame {
  gameNumber: number | null;
  announcement: string;
  totalCents: number;
}

/**
 * The art. 13 text as the manager reads it aloud: Portuguese whatever the
 * screen's language (DN art. 18: the language of every operation); in
 * English, what it says follows in English.
 */
function AnnouncementText({ data }: { data: AnnouncementData }) {
  const { t, i18n } = useTranslation();
  const english = i18n.language === 'en';
  return (
    <>
      {english ? <p className="announcement-aloud">{t('announcement.readAloud')}</p> : null}
      <p className="announcement" data-testid="announcement" lang="pt-PT">
        {data.announcement}
      </p>
      {english && data.ranges.length > 0 ? (
        <p className="announcement-gloss" data-testid="announcement-en">
          {announcementInEnglish(data)}
        </p>
      ) : null}
    </>
  );
}

/**
 * The art. 13 announcement, large, newlines kept, with the prizes. `compact`:
 * inside the draw panel, the text alone (the panel's head has the figures);
 * `collapsible` once the draw has begun (read before the first ball, it
 * then gives its room to the claims, a touch away).
 */
export function Announcement({ data, compact = false, collapsible = false }: { data: AnnouncementData; compact?: boolean; collapsible?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [shown, setShown] = useState(false);
  const textId = useId();
  const title = data.gameNumber !== null ? t('announcement.titleGame', { number: data.gameNumber }) : t('announcement.title');
  if (compact) {
    const open = !collapsible || shown;
    return (
      <section className="announcement-compact" aria-labelledby="announcement-title" aria-live="polite">
        <div className="announcement-compact-head">
          <h3 id="announcement-title">{title}</h3>
          {collapsible ? (
            <button
              type="button"
              className="btn btn-small"
              aria-expanded={open}
              aria-controls={textId}
              aria-label={t(open ? 'announcement.hideLabel' : 'announcement.showLabel')}
              data-testid="announcement-toggle"
              onClick={() => setShown(!open)}
            >
              {t(open ? 'announcement.hide' : 'announcement.show')}
            </button>
          ) : null}
        </div>
        <div id={textId}>{open ? <AnnouncementText data={data} /> : null}</div>
      </section>
    );
  }
  return (
    <section className="panel announcement-panel" aria-labelledby="announcement-title" aria-live="polite" data-testid="announcement-panel">
      <h2 id="announcement-title">{title}</h2>
      <AnnouncementText data={data} />
      <dl className="facts">
        <div>
          <dt>{t('announcement.cardsSold')}</dt>
          <dd>{data.cardsSold}</dd>
        </div>
        <div>
          <dt>{t('announcement.total')}</dt>
          <dd>{f.money(data.totalCents)}</dd>
        </div>
        <div>
          <dt>{t('announcement.linePrize')}</dt>
          <dd data-testid="line-prize">{f.money(data.linePrizeCents)}</dd>
        </div>
        <div>
          <dt>{t('announcement.bingoPrize')}</dt>
          <dd data-testid="bingo-prize">{f.money(data.bingoPrizeCents)}</dd>
        </div>
      </dl>
    </section>
  );
}
