import { useState } from 'react';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { LISTED_REASON_MAX, REASON_ACTS, REASONS_PER_ACT_MAX, type ReasonAct } from '../../../core/reasons/rules.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { WordsDialog } from '../../components/ReasonPicker.js';
import { useKioskQuery } from '../../hooks.js';

/** An act's i18n key: i18next reads a dot as a nesting. */
const actKey = (act: ReasonAct) => act.replace('.', '_');

/**
 * Configuração → Motivos (issue 38): each act's reasons as the counter offers
 * them, edited by touch (a tap on one edits it on the screen's keyboard; up,
 * down, remove; add), saved per act (audited) or set back to the kiosk's
 * defaults. An act's changes stay a draft until saved.
 */
export function ReasonsPanel() {
  const { t } = useTranslation();
  const saved = useKioskQuery('reasons.get', {});
  const [act, setAct] = useState<ReasonAct>('drawer.kick');
  const [drafts, setDrafts] = useState<Partial<Record<ReasonAct, string[]>>>({});
  /** The entry being typed: its position, or the list's length for a new one. */
  const [editing, setEditing] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const list = drafts[act] ?? saved.data?.[act] ?? [];
  const dirty = drafts[act] !== undefined;
  const name = (a: ReasonAct) => t(`reasonsPanel.act.${actKey(a)}`);

  const change = (next: string[]) => {
    setDrafts({ ...drafts, [act]: next });
    setDone(null);
    setError(null);
  };
  const move = (i: number, by: -1 | 1) => {
    const next = [...list];
    [next[i], next[i + by]] = [next[i + by]!, next[i]!];
    change(next);
  };
  const save = async (reasons: string[] | null) => {
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await invoke('reasons.update', { act, reasons });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    const { [act]: _saved, ...rest } = drafts;
    setDrafts(rest);
    saved.apply('reasons.update', () => r.value);
    setDone(t(reasons === null ? 'reasonsPanel.resetDone' : 'reasonsPanel.savedDone', { act: name(act) }));
  };

  return (
    <section className="panel reasons-panel" aria-labelledby="reasons-panel-title" data-testid="reasons-panel">
      <h2 id="reasons-panel-title">{t('reasonsPanel.title')}</h2>
      <p className="hint">{t('reasonsPanel.explain')}</p>
      <ErrorAlert error={saved.error} testId="reasons-load-error" />
      <div className="reasons-layout">
        <div className="reasons-acts" role="group" aria-label={t('reasonsPanel.acts')}>
          {REASON_ACTS.map((a) => (
            <button
              key={a}
              type="button"
              className={`btn reason-act${a === act ? ' active' : ''}`}
              aria-pressed={a === act}
              data-testid={`reasons-act-${actKey(a)}`}
              onClick={() => {
                setAct(a);
                setDone(null);
                setError(null);
              }}
            >
              {name(a)}
              {drafts[a] !== undefined ? <span className="reason-draft"> ({t('reasonsPanel.draft')})</span> : null}
            </button>
          ))}
        </div>
        <div className="reasons-editor">
          <h3>{name(act)}</h3>
          {list.length === 0 ? <p className="hint">{t('reasonsPanel.empty')}</p> : null}
          <ol className="reasons-list" data-testid="reasons-list">
            {list.map((r, i) => (
              <li key={`${i}-${r}`} className="reasons-row">
                <button type="button" className="btn reason-text" data-testid={`reasons-entry-${i + 1}`} onClick={() => setEditing(i)}>
                  {r}
                </button>
                <button type="button" className="btn reason-tool" disabled={i === 0} onClick={() => move(i, -1)} data-testid={`reasons-up-${i + 1}`}>
                  <span aria-hidden="true">↑</span>
                  <span className="visually-hidden">{t('reasonsPanel.up', { reason: r })}</span>
                </button>
                <button type="button" className="btn reason-tool" disabled={i === list.length - 1} onClick={() => move(i, 1)} data-testid={`reasons-down-${i + 1}`}>
                  <span aria-hidden="true">↓</span>
                  <span className="visually-hidden">{t('reasonsPanel.down', { reason: r })}</span>
                </button>
                <button type="button" className="btn btn-danger-outline reason-tool" onClick={() => change(list.filter((_, j) => j !== i))} data-testid={`reasons-remove-${i + 1}`}>
                  <span aria-hidden="true">✕</span>
                  <span className="visually-hidden">{t('reasonsPanel.remove', { reason: r })}</span>
                </button>
              </li>
            ))}
          </ol>
          <div className="form-row">
            <button type="button" className="btn" disabled={list.length >= REASONS_PER_ACT_MAX} onClick={() => setEditing(list.length)} data-testid="reasons-add">
              {t('reasonsPanel.add')}
            </button>
          </div>
          <ErrorAlert error={error} testId="reasons-error" />
          {done ? (
            <p className="success" role="status" data-testid="reasons-saved">
              {done}
            </p>
          ) : null}
          <div className="form-row reasons-actions">
            <button type="button" className="btn btn-primary btn-large" disabled={busy || !dirty} onClick={() => void save(list)} data-testid="reasons-save">
              {busy ? t('common.working') : t('reasonsPanel.save')}
            </button>
            <button type="button" className="btn" disabled={busy} onClick={() => void save(null)} data-testid="reasons-reset">
              {t('reasonsPanel.reset')}
            </button>
          </div>
        </div>
      </div>
      {editing !== null
        ? createPortal(
            <WordsDialog
              title={editing < list.length ? t('reasonsPanel.editTitle', { act: name(act) }) : t('reasonsPanel.addTitle', { act: name(act) })}
              initial={list[editing] ?? ''}
              max={LISTED_REASON_MAX}
              testId="reasons-words"
              useLabel={t('reasonsPanel.keep')}
              onUse={(words) => {
                const next = [...list];
                next[editing] = words;
                change(next);
                setEditing(null);
              }}
              onClose={() => setEditing(null)}
            />,
            document.body,
          )
        : null}
    </section>
  );
}
