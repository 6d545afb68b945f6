import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { StockTable } from '../../components/StockTable.js';
import { TableRegion } from '../../components/TableRegion.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';

type Stock = ChannelOutput<'stock.list'>;
type SeriesStock = Stock['series'][number];

const MOVE_KINDS = ['receive', 'issue', 'return'] as const;
type MoveKind = (typeof MOVE_KINDS)[number];

function numberOf(text: string): number | null {
  return /^\d{1,7}$/.test(text.trim()) ? Number(text.trim()) : null;
}

/** A series chosen among the registered ones. */
function SeriesSelect({
  series,
  value,
  onChange,
  testId,
  disabled = false,
}: {
  series: readonly SeriesStock[];
  value: string;
  onChange: (v: string) => void;
  testId: string;
  disabled?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <label>
      {t('series.code')}
      <select data-testid={testId} value={value} onChange={(e) => onChange(e.target.value)} required disabled={disabled}>
        <option value="">—</option>
        {series.map((s) => (
          <option key={s.seriesCode} value={s.seriesCode}>
            {s.seriesCode}
          </option>
        ))}
      </select>
    </label>
  );
}

/** A box received, cards to the counters, cards back: one range of a series. */
function MoveForm({ series, onDone }: { series: readonly SeriesStock[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<MoveKind>('receive');
  const [code, setCode] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [receivedBy, setReceivedBy] = useState('');
  const [box, setBox] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const a = numberOf(from);
    const b = numberOf(to);
    if (a === null || b === null) return setError(t('stock.rangeInvalid'));
    setBusy(true);
    setError(null);
    setDone(null);
    const range = { seriesCode: code, from: a, to: b };
    const r =
      kind === 'receive'
        ? await invoke('stock.receive', { ...range, receivedBy: receivedBy.trim(), ...(box.trim() ? { box: box.trim() } : {}) })
        : await invoke(kind === 'issue' ? 'stock.issue' : 'stock.return', range);
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setDone(t(`stock.done.${kind}`, { code, from: a, to: b, cards: b - a + 1 }));
    setFrom('');
    setTo('');
    setBox('');
    onDone();
  };

  return (
    <form className="form stock-form" onSubmit={submit} aria-labelledby="stock-move-title">
      <h3 id="stock-move-title">{t('stock.moveTitle')}</h3>
      <div className="stock-fields">
        <label>
          {t('stock.what')}
          <select data-testid="stock-kind" value={kind} onChange={(e) => setKind(e.target.value as MoveKind)}>
            {MOVE_KINDS.map((k) => (
              <option key={k} value={k}>
                {t(`stock.kind.${k}`)}
              </option>
            ))}
          </select>
        </label>
        <SeriesSelect series={series} value={code} onChange={setCode} testId="stock-series" />
        <label>
          {t('stock.from')}
          <input data-testid="stock-from" inputMode="numeric" value={from} onChange={(e) => setFrom(e.target.value)} required />
        </label>
        <label>
          {t('stock.to')}
          <input data-testid="stock-to" inputMode="numeric" value={to} onChange={(e) => setTo(e.target.value)} required />
        </label>
        {kind === 'receive' ? (
          <>
            <label>
              {t('stock.receivedBy')}
              <input data-testid="stock-received-by" value={receivedBy} onChange={(e) => setReceivedBy(e.target.value)} maxLength={80} required />
            </label>
            <label>
              {t('stock.box')}
              <input data-testid="stock-box" value={box} onChange={(e) => setBox(e.target.value)} maxLength={40} />
            </label>
          </>
        ) : null}
      </div>
      <button type="submit" className="btn btn-primary" data-testid="stock-move-submit" disabled={busy}>
        {busy ? t('common.working') : t(`stock.submit.${kind}`)}
      </button>
      {done ? (
        <p className="success" role="status">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={error} />
    </form>
  );
}

/** Cards destroyed: a manager's act with its reason and record; the screen says what it will do, and does it only once confirmed. */
function DestroyForm({ series, onDone }: { series: readonly SeriesStock[]; onDone: () => void }) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [reason, setReason] = useState('');
  const [recordRef, setRecordRef] = useState('');
  const [pending, setPending] = useState<{ seriesCode: string; from: number; to: number; cards: number } | null>(null);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const review = (e: FormEvent) => {
    e.preventDefault();
    const a = numberOf(from);
    const b = numberOf(to);
    if (a === null || b === null || b < a) return setError(t('stock.rangeInvalid'));
    setError(null);
    setDone(null);
    setPending({ seriesCode: code, from: a, to: b, cards: b - a + 1 });
  };

  const confirm = async () => {
    if (!pending || busy) return;
    setBusy(true);
    const r = await invoke('stock.destroy', { ...pending, reason: reason.trim(), recordRef: recordRef.trim(), confirmCards: pending.cards });
    setBusy(false);
    setPending(null);
    if (!r.ok) return setError(r.error);
    setDone(t('stock.done.destroy', { ...pending }));
    setFrom('');
    setTo('');
    setReason('');
    setRecordRef('');
    onDone();
  };

  return (
    <form className="form stock-form" onSubmit={review} aria-labelledby="stock-destroy-title">
      <h3 id="stock-destroy-title">{t('stock.destroyTitle')}</h3>
      <div className="stock-fields">
        <SeriesSelect series={series} value={code} onChange={setCode} testId="destroy-series" disabled={pending !== null} />
        <label>
          {t('stock.from')}
          <input data-testid="destroy-from" inputMode="numeric" value={from} onChange={(e) => setFrom(e.target.value)} required disabled={pending !== null} />
        </label>
        <label>
          {t('stock.to')}
          <input data-testid="destroy-to" inputMode="numeric" value={to} onChange={(e) => setTo(e.target.value)} required disabled={pending !== null} />
        </label>
        <label>
          {t('stock.reason')}
          <input data-testid="destroy-reason" value={reason} onChange={(e) => setReason(e.target.value)} maxLength={200} required disabled={pending !== null} />
        </label>
        <label>
          {t('stock.recordRef')}
          <input data-testid="destroy-record" value={recordRef} onChange={(e) => setRecordRef(e.target.value)} maxLength={60} required disabled={pending !== null} />
        </label>
      </div>
      {pending ? (
        <div className="alert alert-warn stock-confirm" role="alertdialog" aria-labelledby="destroy-confirm-text" data-testid="destroy-confirm">
          <p id="destroy-confirm-text">
            <strong>{t('stock.destroyWill', { ...pending, reason: reason.trim(), record: recordRef.trim() })}</strong>
          </p>
          <div className="actions">
            <button type="button" className="btn btn-danger" data-testid="destroy-confirm-yes" onClick={() => void confirm()} disabled={busy}>
              {busy ? t('common.working') : t('stock.destroyConfirm', { cards: pending.cards })}
            </button>
            <button type="button" className="btn" data-testid="destroy-confirm-no" onClick={() => setPending(null)} disabled={busy}>
              {t('common.cancel')}
            </button>
          </div>
        </div>
      ) : (
        <button type="submit" className="btn btn-danger" data-testid="destroy-review">
          {t('stock.destroyReview')}
        </button>
      )}
      {done ? (
        <p className="success" role="status">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={error} />
    </form>
  );
}

/** The edition of a series registered before it was recorded (art. 3.º, n.º 1), with its emission number (n.º 2). */
function EditionForm({ series, onDone }: { series: readonly SeriesStock[]; onDone: () => void }) {
  const { t } = useTranslation();
  const missing = series.filter((s) => s.edition === null);
  const [code, setCode] = useState('');
  const [ref, setRef] = useState('');
  const [date, setDate] = useState('');
  const [emission, setEmission] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  if (missing.length === 0) return null;
  const chosen = missing.find((s) => s.seriesCode === code);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setBusy(true);
    setError(null);
    const r = await invoke('stock.recordEdition', { seriesCode: code, authorisationRef: ref.trim(), authorisationDate: date, emission: (chosen?.emission ?? emission).trim() });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setCode('');
    setRef('');
    setDate('');
    setEmission('');
    onDone();
  };

  return (
    <form className="form stock-form" onSubmit={submit} aria-labelledby="stock-edition-title">
      <h3 id="stock-edition-title">{t('stock.editionTitle')}</h3>
      <div className="stock-fields">
        <SeriesSelect series={missing} value={code} onChange={setCode} testId="edition-series" />
        <label>
          {t('stock.authorisationRef')}
          <input data-testid="edition-ref" value={ref} onChange={(e) => setRef(e.target.value)} maxLength={60} required />
        </label>
        <label>
          {t('stock.authorisationDate')}
          <input data-testid="edition-date" type="date" value={date} onChange={(e) => setDate(e.target.value)} required />
        </label>
        <label>
          {t('stock.emission')}
          <input data-testid="edition-emission" value={chosen?.emission ?? emission} onChange={(e) => setEmission(e.target.value)} maxLength={30} required disabled={chosen !== undefined && chosen.emission !== null} />
        </label>
      </div>
      <button type="submit" className="btn btn-primary" data-testid="edition-submit" disabled={busy}>
        {busy ? t('common.working') : t('stock.editionSubmit')}
      </button>
      <ErrorAlert error={error} />
    </form>
  );
}

/** The last moves of the cards, newest first (the five latest: the screen stays within two screens at 1024x768). */
function MovesList({ moves }: { moves: Stock['moves'] }) {
  const { t } = useTranslation();
  const f = useFormat();
  if (moves.length === 0) return <p className="empty">{t('stock.noMoves')}</p>;
  return (
    <TableRegion name={t('stock.movesTitle')}>
      <table className="table compact" data-testid="stock-moves">
        <thead>
          <tr>
            <th scope="col">{t('stock.when')}</th>
            <th scope="col">{t('stock.what')}</th>
            <th scope="col">{t('series.code')}</th>
            <th scope="col">{t('stock.cards')}</th>
            <th scope="col">{t('stock.details')}</th>
            <th scope="col">{t('stock.by')}</th>
          </tr>
        </thead>
        <tbody>
          {moves.slice(0, 5).map((m) => (
            <tr key={m.id}>
              <td>{f.dateTime(m.at)}</td>
              <td>{t(`stock.moveKind.${m.kind}`)}</td>
              <td>{m.seriesCode}</td>
              <td>{`${m.from}–${m.to} (${m.to - m.from + 1})`}</td>
              <td>{[m.box, m.receivedBy, m.reason, m.recordRef].filter(Boolean).join(' · ')}</td>
              <td>{m.by}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </TableRegion>
  );
}

/** Manager: the cards themselves (DN 80/85, art. 3.º): each series' edition and stock, boxes received, cards to the counters and back, cards destroyed. */
export function StockPanel() {
  const { t } = useTranslation();
  const stock = useKioskQuery('stock.list', {});
  const reload = () => void stock.reload();
  const series = stock.data?.series ?? [];
  const missingEdition = series.some((s) => s.edition === null);
  // The edition's form is opened on demand: a series registered without it is the exception.
  const [editing, setEditing] = useState(false);
  return (
    <div className="stock-panel">
      <section className="panel stock-table-panel" aria-labelledby="stock-title">
        <h2 id="stock-title">{t('stock.title')}</h2>
        <p className="hint">{t('stock.hint')}</p>
        <ErrorAlert error={stock.error} testId="stock-load-error" />
        <StockTable series={series} />
        {missingEdition && !editing ? (
          <button type="button" className="btn" data-testid="edition-open" onClick={() => setEditing(true)}>
            {t('stock.editionOpen')}
          </button>
        ) : null}
      </section>
      <div className="stock-forms">
        <section className="panel">
          <MoveForm series={series} onDone={reload} />
        </section>
        <section className="panel">
          <DestroyForm series={series.filter((s) => s.followed)} onDone={reload} />
        </section>
        {missingEdition && editing ? (
          <section className="panel">
            <EditionForm
              series={series}
              onDone={() => {
                setEditing(false);
                reload();
              }}
            />
          </section>
        ) : null}
      </div>
      <section className="panel stock-moves-panel" aria-labelledby="stock-moves-title">
        <h2 id="stock-moves-title">{t('stock.movesTitle')}</h2>
        <MovesList moves={stock.data?.moves ?? []} />
      </section>
    </div>
  );
}
