import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHallZone } from '../format.js';
import { daysPeriod, lastDays } from '../lib/time.js';

/** A report's period as typed: two of the hall's days, both included, and the period they make (null while they make none). */
interface Period {
  fromDay: string;
  toDay: string;
  setFromDay: (day: string) => void;
  setToDay: (day: string) => void;
  period: { from: string; to: string } | null;
}

/** The period of a report, starting at the `daysBack` days before today and today. */
export function usePeriod(daysBack: number): Period {
  const zone = useHallZone();
  const [initial] = useState(() => lastDays(daysBack, zone));
  const [fromDay, setFromDay] = useState(initial.from);
  const [toDay, setToDay] = useState(initial.to);
  // A new period only when the days change: the queries fetch again then (and on the kiosk's pushed changes).
  const period = useMemo(() => daysPeriod(fromDay, toDay, zone), [fromDay, toDay, zone]);
  return { fromDay, toDay, setFromDay, setToDay, period };
}

/** The two day fields of a period ("De", "Até (inclusive)"), each bounded by the other; test ids `<prefix>-from`, `<prefix>-to`. */
export function PeriodFields({ p, testIdPrefix }: { p: Period; testIdPrefix: string }) {
  const { t } = useTranslation();
  return (
    <>
      <label>
        {t('period.from')}
        <input type="date" data-testid={`${testIdPrefix}-from`} value={p.fromDay} max={p.toDay || undefined} onChange={(e) => p.setFromDay(e.target.value)} required />
      </label>
      <label>
        {t('period.to')}
        <input type="date" data-testid={`${testIdPrefix}-to`} value={p.toDay} min={p.fromDay || undefined} onChange={(e) => p.setToDay(e.target.value)} required />
      </label>
    </>
  );
}
