/**
 * Manager: the audit log read a page at a time (audit.list): newest first,
 * by period and operation; each row says what was done, when, by whom, at
 * which terminal, and its values before and after (cut to a summary). It
 * changes nothing and fetches on the manager's request, not on every sale.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedList } from '../../components/PagedList.js';
import { usePages } from '../../components/Pager.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { auditActionLabel, auditFilterGroups } from '../../lib/auditActions.js';
import { PeriodFields, usePeriod } from '../../components/PeriodFields.js';

const PAGE = 25;

export function AuditLog() {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  // What the log holds, by what people call it: grouped, sorted by label in the screen's language.
  const groups = useMemo(() => auditFilterGroups(t, i18n.language), [t, i18n.language]);
  const days = usePeriod(0);
  const { fromDay, toDay } = days;
  const [channel, setChannel] = useState('');
  const { period } = days;
  const pages = usePages(`${fromDay}|${toDay}|${channel}`);
  const log = useKioskQuery('audit.list', period ? { ...period, ...(channel ? { channel } : {}), cursor: pages.cursor, limit: PAGE } : null);
  const l = log.data;
  return (
    <section className="panel audit-log" aria-labelledby="audit-log-title">
      <div className="panel-head">
        <h2 id="audit-log-title">{t('auditLog.title')}</h2>
        <button type="button" className="btn" data-testid="audit-log-refresh" onClick={() => void log.reload()}>
          {t('auditLog.refresh')}
        </button>
      </div>
      <p className="meta">{t('auditLog.explain')}</p>
      <div className="form form-row">
        <PeriodFields p={days} testIdPrefix="audit-log" />
        <label>
          {t('auditLog.channel')}
          <select data-testid="audit-log-channel" value={channel} onChange={(e) => setChannel(e.target.value)}>
            <option value="">{t('auditLog.allChannels')}</option>
            {groups.map((g) => (
              <optgroup key={g.group} label={g.label}>
                {g.channels.map((c) => (
                  <option key={c.channel} value={c.channel}>
                    {c.label}
                  </option>
                ))}
              </optgroup>
            ))}
          </select>
        </label>
      </div>
      <PagedList
        testId="audit-log"
        periodValid={period !== null}
        error={log.error}
        list={l}
        shown={l?.entries.length ?? 0}
        notGiven={log.error ? null : <p className="loading">{t('common.loading')}</p>}
        none={t('auditLog.none')}
        name={t('auditLog.title')}
        limit={PAGE}
        pages={pages}
      >
        {(l) => (
          <table className="table compact audit-table" data-testid="audit-log">
            <thead>
              <tr>
                <th scope="col" className="num">{t('auditLog.col.seq')}</th>
                <th scope="col">{t('auditLog.col.at')}</th>
                <th scope="col">{t('auditLog.col.channel')}</th>
                <th scope="col">{t('auditLog.col.who')}</th>
                <th scope="col">{t('auditLog.col.values')}</th>
              </tr>
            </thead>
            <tbody>
              {l.entries.map((e) => (
                <tr key={e.seq} data-testid={`audit-row-${e.seq}`} className={e.outcome === 'refused' ? 'refused' : undefined}>
                  <th scope="row" className="num">{e.seq}</th>
                  <td className="nowrap">{f.dateTime(e.at)}</td>
                  <td>
                    {auditActionLabel(t, e.channel)} <code className="meta">{e.channel}</code>
                    {e.outcome === 'refused' ? <span className="badge badge-annulled">{t('auditLog.refused')}</span> : null}
                  </td>
                  <td>
                    {e.operator ?? '—'}
                    <span className="meta"> · {e.terminalId}</span>
                  </td>
                  <td className="audit-values">
                    {e.before !== null ? (
                      <span className="audit-value">
                        <span className="meta">{t('auditLog.before')}</span> <code>{e.before}</code>
                      </span>
                    ) : null}
                    <span className="audit-value">
                      <span className="meta">{t('auditLog.after')}</span> <code>{e.after ?? e.input}</code>
                    </span>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </PagedList>
    </section>
  );
}
