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

/** The reasons' drafts per act, the act shown and the one entry typed, saved or reset per act. */
function useReasonsDrafts() {
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
  const choose = (a: ReasonAct) => {
    setAct(a);
    setDone(null);
    setError(null);
  };
  const typed = (at: number, words: string) => {
    const next = [...list];
    next[at] = words;
    change(next);
    setEditing(null);
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
  return { saved, act, choose, drafts, list, dirty, name, editing, setEditing, busy, error, done, change, move, typed, save };
}

type Reasons = ReturnType<typeof useReasonsDrafts>;

/**
 * Configuração → Motivos (issue 38): each act's reasons as the counter offers
 * them, edited by touch (a tap on one edits it on the screen's keyboard; up,
 * down, remove; add), saved per act (audited) or set back to the kiosk's
 * defaults. An act's changes stay a draft until saved.
 */
export function ReasonsPanel() {
  const { t } = useTranslation();
  const r = useReasonsDrafts();
  const { act, list, editing, name } = r;

  return (
    <section className="panel reasons-panel" aria-labelledby="reasons-panel-title" data-testid="reasons-panel">
      <h2 id="reasons-panel-title">{t('reasonsPanel.title')}</h2>
      <p className="hint">{t('reasonsPanel.explain')}</p>
      <ErrorAlert error={r.saved.error} testId="reasons-load-error" />
      <div className="reasons-layout">
        <ReasonActs r={r} />
        <ReasonsEditor r={r} />
      </div>
      {editing !== null
        ? createPortal(
            <WordsDialog
              title={editing < list.length ? t('reasonsPanel.editTitle', { act: name(act) }) : t('reasonsPanel.addTitle', { act: name(act) })}
              initial={list[editing] ?? ''}
              max={LISTED_REASON_MAX}
              testId="reasons-words"
              useLabel={t('reasonsPanel.keep')}
              onUse={(words) => r.typed(editing, words)}
              onClose={() => r.setEditing(null)}
            />,
            document.body,
          )
        : null}
    </section>
  );
}

/** The acts, one button each, a draft marked. */
function ReasonActs({ r }: { r: Reasons }) {
  const { t } = useTranslation();
  return (
    <div className="reasons-acts" role="group" aria-label={t('reasonsPanel.acts')}>
      {REASON_ACTS.map((a) => (
        <button
          key={a}
          type="button"
          className={`btn reason-act${a === r.act ? ' active' : ''}`}
          aria-pressed={a === r.act}
          data-testid={`reasons-act-${actKey(a)}`}
          onClick={() => r.choose(a)}
        >
          {r.name(a)}
          {r.drafts[a] !== undefined ? <span className="reason-draft"> ({t('reasonsPanel.draft')})</span> : null}
        </button>
      ))}
    </div>
  );
}

/** The act's list with its tools, "Acrescentar", and save or reset. */
function ReasonsEditor({ r }: { r: Reasons }) {
  const { t } = useTranslation();
  const { list, busy } = r;
  return (
    <div className="reasons-editor">
      <h3>{r.name(r.act)}</h3>
      {list.length === 0 ? <p className="hint">{t('reasonsPanel.empty')}</p> : null}
      <ol className="reasons-list" data-testid="reasons-list">
        {list.map((reason, i) => (
          <ReasonRow key={`${i}-${reason}`} r={r} reason={reason} i={i} />
        ))}
      </ol>
      <div className="form-row">
        <button type="button" className="btn" disabled={list.length >= REASONS_PER_ACT_MAX} onClick={() => r.setEditing(list.length)} data-testid="reasons-add">
          {t('reasonsPanel.add')}
        </button>
      </div>
      <ErrorAlert error={r.error} testId="reasons-error" />
      {r.done ? (
        <p className="success" role="status" data-testid="reasons-saved">
          {r.done}
        </p>
      ) : null}
      <div className="form-row reasons-actions">
        <button type="button" className="btn btn-primary btn-large" disabled={busy || !r.dirty} onClick={() => void r.save(list)} data-testid="reasons-save">
          {busy ? t('common.working') : t('reasonsPanel.save')}
        </button>
        <button type="button" className="btn" disabled={busy} onClick={() => void r.save(null)} data-testid="reasons-reset">
          {t('reasonsPanel.reset')}
        </button>
      </div>
    </div>
  );
}

/** One reason: a tap edits it; up, down, remove. */
function ReasonRow({ r, reason, i }: { r: Reasons; reason: string; i: number }) {
  const { t } = useTranslation();
  const { list } = r;
  return (
    <li className="reasons-row">
      <button type="button" className="btn reason-text" data-testid={`reasons-entry-${i + 1}`} onClick={() => r.setEditing(i)}>
        {reason}
      </button>
      <ReasonTool icon="↑" label={t('reasonsPanel.up', { reason })} testId={`reasons-up-${i + 1}`} disabled={i === 0} onClick={() => r.move(i, -1)} />
      <ReasonTool icon="↓" label={t('reasonsPanel.down', { reason })} testId={`reasons-down-${i + 1}`} disabled={i === list.length - 1} onClick={() => r.move(i, 1)} />
      <ReasonTool
        icon="✕"
        label={t('reasonsPanel.remove', { reason })}
        testId={`reasons-remove-${i + 1}`}
        danger
        onClick={() => r.change(list.filter((_, j) => j !== i))}
      />
    </li>
  );
}

function ReasonTool({ icon, label, testId, disabled, danger = false, onClick }: { icon: string; label: string; testId: string; disabled?: boolean; danger?: boolean; onClick: () => void }) {
  return (
    <button type="button" className={danger ? 'btn btn-danger-outline reason-tool' : 'btn reason-tool'} disabled={disabled} onClick={onClick} data-testid={testId}>
      <span aria-hidden="true">{icon}</span>
      <span className="visually-hidden">{label}</span>
    </button>
  );
}
