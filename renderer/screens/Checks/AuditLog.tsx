/**
 * Manager: the audit log read a page at a time (audit.list): newest first,
 * by period and operation; each row says what was done, when, by whom, at
 * which terminal, and its values before and after (cut to a summary). It
 * changes nothing and fetches on the manager's request, not on every sale.
 */
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ColumnHeads } from '../../components/ColumnHeads.js';
import { PagedList } from '../../components/PagedList.js';
import { usePages } from '../../components/Pager.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { auditActionLabel, auditFilterGroups } from '../../lib/auditActions.js';
import { PeriodFields, usePeriod } from '../../components/PeriodFields.js';

const PAGE = 25;

/** A jump of the server's clock (its row's input: what the clock should have read, what it read, the step), or null. */
function clockJumpOf(channel: string, input: string): { from: string; to: string; seconds: number } | null {
  if (channel !== 'clock.jump') return null;
  try {
    const v = JSON.parse(input) as { from?: unknown; to?: unknown; seconds?: unknown };
    return typeof v.from === 'string' && typeof v.to === 'string' && typeof v.seconds === 'number' ? { from: v.from, to: v.to, seconds: v.seconds } : null;
  } catch {
    return null;
  }
}

/** The jump in words, above its values. */
function ClockJumpNote({ channel, input }: { channel: string; input: string }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const jump = clockJumpOf(channel, input);
  if (!jump) return null;
  const seconds = new Intl.NumberFormat(i18n.language, { signDisplay: 'always' }).format(jump.seconds);
  return <span className="audit-value" data-testid="audit-clock-jump">{t('auditLog.clockJump', { from: f.dateTime(jump.from), to: f.dateTime(jump.to), seconds })}</span>;
}

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
            <ColumnHeads
              columns={[
                { label: t('auditLog.col.seq'), num: true },
                { label: t('auditLog.col.at') },
                { label: t('auditLog.col.channel') },
                { label: t('auditLog.col.who') },
                { label: t('auditLog.col.values') },
              ]}
            />
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
                    <ClockJumpNote channel={e.channel} input={e.input} />
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
