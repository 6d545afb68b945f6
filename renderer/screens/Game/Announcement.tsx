import { useTranslation } from 'react-i18next';
import { useFormat } from '../../format.js';

export interface AnnouncementData {
  gameNumber: number | null;
  announcement: string;
  cardsSold: number;
  totalCents: number;
  linePrizeCents: number | null;
  bingoPrizeCents: number | null;
}

/**
 * The art. 13 announcement, large, newlines kept, with the prizes. `compact`:
 * inside the draw panel, the text alone (the panel's head has the figures).
 */
export function Announcement({ data, compact = false }: { data: AnnouncementData; compact?: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const title = data.gameNumber !== null ? t('announcement.titleGame', { number: data.gameNumber }) : t('announcement.title');
  if (compact) {
    return (
      <section className="announcement-compact" aria-labelledby="announcement-title" aria-live="polite">
        <h3 id="announcement-title">{title}</h3>
        <p className="announcement" data-testid="announcement">
          {data.announcement}
        </p>
      </section>
    );
  }
  return (
    <section className="panel announcement-panel" aria-labelledby="announcement-title" aria-live="polite">
      <h2 id="announcement-title">{title}</h2>
      <p className="announcement" data-testid="announcement">
        {data.announcement}
      </p>
      <dl className="facts">
        <div>
          <dt>{t('announcement.cardsSold')}</dt>
          <dd>{data.cardsSold}</dd>
        </div>
        <div>
          <dt>{t('announcement.total')}</dt>
          <dd>{f.money(data.totalCents)}</dd>
        </div>
        {data.linePrizeCents !== null ? (
          <div>
            <dt>{t('announcement.linePrize')}</dt>
            <dd data-testid="line-prize">{f.money(data.linePrizeCents)}</dd>
          </div>
        ) : null}
        {data.bingoPrizeCents !== null ? (
          <div>
            <dt>{t('announcement.bingoPrize')}</dt>
            <dd data-testid="bingo-prize">{f.money(data.bingoPrizeCents)}</dd>
          </div>
        ) : null}
      </dl>
    </section>
  );
}
