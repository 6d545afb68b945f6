/**
 * The erasure of identifications at the end of the legal period (Lei n.º
 * 83/2017, art. 51.º): what it would erase today (how many, the oldest, those
 * kept because a later act still needs them) said on the panel and again in
 * the confirmation, then done as one recorded act. Managers only.
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke } from '../../client.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';

type Preview = ChannelOutput<'person.erasurePreview'>;

/** What an erasure would do today, in words: the rule, how many and since when, those kept, the last one done. */
export function ErasurePreview({ p }: { p: Preview }) {
  const { t } = useTranslation();
  const f = useFormat();
  const cut = f.dateTime(p.before);
  return (
    <>
      <p className="hint" data-testid="erasure-rule">
        {t('erasure.rule', { years: p.years })}
      </p>
      <p data-testid="erasure-preview">
        {p.persons === 0 ? t('erasure.nothing', { cut }) : t('erasure.some', { count: p.persons, cut, oldest: p.oldestRecordedAt ? f.date(p.oldestRecordedAt) : '' })}
        {p.keptForLaterActs > 0 ? ` ${t('erasure.kept', { count: p.keptForLaterActs })}` : ''}
      </p>
      {p.last ? (
        <p className="hint" data-testid="erasure-last">
          {t('erasure.last', { at: f.dateTime(p.last.at), by: p.last.by, count: p.last.persons, before: f.dateTime(p.last.before) })}
        </p>
      ) : null}
    </>
  );
}

export function PersonErasure() {
  const { t } = useTranslation();
  const f = useFormat();
  const preview = useKioskQuery('person.erasurePreview', {});
  const [confirming, setConfirming] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const p = preview.data;
  const cut = p ? f.dateTime(p.before) : '';
  return (
    <section className="panel person-erasure" aria-labelledby="erasure-title">
      <h2 id="erasure-title">{t('erasure.title')}</h2>
      <ErrorAlert error={preview.error} testId="erasure-error" />
      {p ? (
        <>
          <ErasurePreview p={p} />
          {/* Nothing to erase: no button (the words above say so). */}
          {p.persons > 0 ? (
            <button type="button" className="btn btn-danger" data-testid="erasure-start" onClick={() => (setDone(null), setConfirming(true))}>
              {t('erasure.erase', { count: p.persons })}
            </button>
          ) : null}
        </>
      ) : null}
      {done ? (
        <p className="success" role="status" data-testid="erasure-done">
          {done}
        </p>
      ) : null}
      {confirming && p ? (
        <ConfirmDialog
          title={t('erasure.confirmTitle')}
          confirmLabel={t('erasure.erase', { count: p.persons })}
          danger
          testId="erasure-dialog"
          confirmTestId="erasure-confirm"
          onConfirm={() => invoke('person.erase', { before: p.before })}
          onDone={(r) => {
            setConfirming(false);
            setDone(t('erasure.done', { count: r.persons, cut: f.dateTime(r.before) }));
          }}
          onClose={() => setConfirming(false)}
        >
          <p>{t('erasure.some', { count: p.persons, cut, oldest: p.oldestRecordedAt ? f.date(p.oldestRecordedAt) : '' })}</p>
          <p className="hint">{t('erasure.confirmText')}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}
