import { useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../core/contract.js';
import { HALL_TIME_ZONES, type HallTimeZone } from '../../../core/time.js';
import { invoke, type ClientError } from '../../client.js';
import { ConfirmDialog, DialogActions } from '../../components/ConfirmDialog.js';
import { Dialog } from '../../components/Dialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { JobsList, usePrintJobs } from '../../components/PrintJobs.js';
import { SubTabs } from '../../components/SubTabs.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';
import { euroFieldText } from '../../lib/money.js';
import { formatPercent, settingsUpdate, specialPrizeTerms } from '../../lib/settings.js';
import { HallKeyPanel } from './HallKeyPanel.js';
import { MachinesPanel } from './MachinesPanel.js';
import { PrintersPanel } from './PrintersPanel.js';
import { ReasonsPanel } from './ReasonsPanel.js';
import { SeriesPanel } from './SeriesPanel.js';
import { TerminalsPanel } from './TerminalsPanel.js';

/**
 * Art. 10: the frozen fund carried to a new prize, by a manager's decision
 * recorded with it (who decided, the inspectorate's authorisation). The
 * dialog says what is carried and the new prize's terms before it is done;
 * the new N is announced from the next session.
 */
function CarryFundDialog({
  heldCents,
  initial,
  onDone,
  onClose,
}: {
  heldCents: number;
  initial: { share: string; balls: string; starting: string };
  onDone: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const f = useFormat();
  const [share, setShare] = useState(initial.share);
  const [balls, setBalls] = useState(initial.balls);
  const [starting, setStarting] = useState(initial.starting);
  const [decision, setDecision] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const terms = specialPrizeTerms({ share, balls, starting });
  const carry = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!terms.ok) {
      setError(t(`settings.invalid.${terms.field}`));
      return;
    }
    if (decision.trim().length < 3) {
      setError(t('settings.carryDecisionRequired'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('specialPrize.carry', { prize: terms.prize, decision: decision.trim(), amountCents: heldCents });
    setBusy(false);
    if (r.ok) onDone();
    else setError(r.error);
  };
  return (
    <Dialog title={t('settings.carryTitle')} onClose={onClose} testId="special-carry-dialog">
      <form className="form" onSubmit={(e) => void carry(e)}>
        <p className="confirm-what" data-testid="special-carry-what">
          {terms.ok
            ? t('settings.carryText', { amount: f.money(heldCents), share: formatPercent(terms.prize.shareBasisPoints), balls: terms.prize.baseBalls, starting: f.money(terms.prize.startingCents) })
            : t('settings.carryTextIncomplete', { amount: f.money(heldCents) })}
        </p>
        <div className="settings-pair">
          <label>
            {t('settings.specialShare')}
            <span className="input-suffix">
              <input data-testid="carry-share" inputMode="decimal" value={share} onChange={(e) => setShare(e.target.value)} />
              <span aria-hidden="true">%</span>
            </span>
          </label>
          <label>
            {t('settings.specialBalls')}
            <input data-testid="carry-balls" inputMode="numeric" value={balls} onChange={(e) => setBalls(e.target.value.replace(/\D/g, '').slice(0, 2))} />
          </label>
          <label>
            {t('settings.specialStarting')}
            <span className="input-suffix">
              <input data-testid="carry-starting" inputMode="decimal" value={starting} onChange={(e) => setStarting(e.target.value)} />
              <span aria-hidden="true">€</span>
            </span>
          </label>
        </div>
        <label className="field-block">
          {t('settings.carryDecision')}
          <input data-testid="carry-decision" value={decision} maxLength={200} onChange={(e) => setDecision(e.target.value)} placeholder={t('settings.carryDecisionPlaceholder')} />
        </label>
        <ErrorAlert error={error} testId="carry-error" />
        <DialogActions failed={error !== null && typeof error !== 'string'} busy={busy} label={t('settings.carryConfirm', { amount: f.money(heldCents) })} testId="special-carry-confirm" onClose={onClose} />
      </form>
    </Dialog>
  );
}

/** The words of each zone's option (i18n keys have no '/'). */
const ZONE_KEYS: Record<HallTimeZone, string> = { 'Europe/Lisbon': 'lisbon', 'Atlantic/Azores': 'azores', 'Atlantic/Madeira': 'madeira' };

function HallSettingsForm({ settings, isAdmin, onSaved }: { settings: Settings; isAdmin: boolean; onSaved: (s: Settings) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const [hallName, setHallName] = useState(settings.hallName);
  const [licence, setLicence] = useState(settings.licence ?? '');
  const [timeZone, setTimeZone] = useState<HallTimeZone>(settings.timeZone);
  const [stamp, setStamp] = useState(settings.stampDutyBasisPoints === null ? '' : formatPercent(settings.stampDutyBasisPoints));
  const [specialOn, setSpecialOn] = useState(settings.specialPrize?.enabled ?? false);
  const [share, setShare] = useState(settings.specialPrize ? formatPercent(settings.specialPrize.shareBasisPoints) : '');
  const [balls, setBalls] = useState(settings.specialPrize ? String(settings.specialPrize.baseBalls) : '');
  const [starting, setStarting] = useState(settings.specialPrize ? euroFieldText(settings.specialPrize.startingCents) : '');
  const [maxCards, setMaxCards] = useState(String(settings.maxCardsPerSale));
  const [chips, setChips] = useState(settings.chipsAllowed);
  const [guiaThreshold, setGuiaThreshold] = useState(settings.guiaApprovalThresholdCents === null ? '' : euroFieldText(settings.guiaApprovalThresholdCents));
  const [shiftHours, setShiftHours] = useState(String(settings.shiftHours));
  const [longPins, setLongPins] = useState(settings.longManagerPins);
  const [error, setError] = useState<ClientError | string | null>(null);
  const [busy, setBusy] = useState(false);
  const fund = useKioskQuery('specialPrize.fund', {});
  const held = fund.data?.heldCents ?? 0;
  const frozen = fund.data?.state === 'frozen';
  // Switching the prize off with money in its fund freezes it (art. 10): said, then confirmed.
  const [confirmFreeze, setConfirmFreeze] = useState<ReturnType<typeof settingsUpdate> | null>(null);
  const [carrying, setCarrying] = useState(false);

  const save = async (update: Parameters<typeof invoke<'settings.update'>>[1]) => {
    setBusy(true);
    setError(null);
    const saved = await invoke('settings.update', update);
    setBusy(false);
    if (!saved.ok) setError(saved.error);
    else onSaved(saved.value);
    return saved;
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    const r = settingsUpdate({ hallName, licence, timeZone, stamp, specialOn, share, balls, starting, maxCards, chips, guiaThreshold, shiftHours, longManagerPins: longPins }, settings);
    if (!r.ok) {
      setError(t(`settings.invalid.${r.field}`));
      return;
    }
    if (settings.specialPrize?.enabled && !specialOn && held > 0) {
      setConfirmFreeze(r);
      return;
    }
    await save(r.update);
  };

  return (
    <form className="form settings-form" onSubmit={submit} aria-labelledby="settings-title">
      {/* Two columns of groups on a counter's screen (the hall, its prize and sale; the tax, the caixa and the shifts). */}
      <div className="settings-col">
        <fieldset>
          <legend>{t('settings.hallTitle')}</legend>
          <label>
            {t('settings.hallName')}
            <input data-testid="settings-hall-name" value={hallName} onChange={(e) => setHallName(e.target.value)} maxLength={80} aria-describedby="hall-name-hint" />
          </label>
          <p className="hint field-hint" id="hall-name-hint">
            {t('settings.hallNameHint')}
          </p>
          <label>
            {t('settings.licence')}
            <input data-testid="settings-licence" value={licence} onChange={(e) => setLicence(e.target.value)} maxLength={80} />
          </label>
          <label>
            {t('settings.timeZone')}
            {/* An admin's to change (the kiosk says so too); a manager sees the hall's zone. */}
            <select
              data-testid="settings-time-zone"
              value={timeZone}
              disabled={!isAdmin}
              onChange={(e) => setTimeZone(e.target.value as HallTimeZone)}
              aria-describedby="time-zone-hint"
            >
              {HALL_TIME_ZONES.map((zone) => (
                <option key={zone} value={zone}>
                  {t(`settings.timeZones.${ZONE_KEYS[zone]}`)}
                </option>
              ))}
            </select>
          </label>
          <p className="hint field-hint" id="time-zone-hint" data-testid="settings-time-zone-hint">
            {t(isAdmin ? 'settings.timeZoneHint' : 'settings.timeZoneAdminOnly')}
          </p>
        </fieldset>
        <fieldset>
          <legend>{t('settings.specialTitle')}</legend>
          {frozen ? (
            <div className="alert alert-warn" role="status" data-testid="special-frozen">
              <p>{t('settings.specialFrozen', { amount: f.money(held) })}</p>
              <button type="button" className="btn btn-primary" data-testid="special-carry" onClick={() => setCarrying(true)}>
                {t('settings.specialCarry')}
              </button>
            </div>
          ) : (
            <label className="check-label">
              <input type="checkbox" data-testid="special-enabled" checked={specialOn} onChange={(e) => setSpecialOn(e.target.checked)} />
              {t('settings.specialEnabled')}
            </label>
          )}
          {!frozen && fund.data && fund.data.state === 'active' ? (
            <p className="hint" data-testid="special-held">
              {t('settings.specialHeld', { amount: f.money(held) })}
            </p>
          ) : null}
          <div className="settings-pair">
            <label>
              {t('settings.specialShare')}
              <span className="input-suffix">
                <input data-testid="special-share" inputMode="decimal" placeholder="5" value={share} onChange={(e) => setShare(e.target.value)} />
                <span aria-hidden="true">%</span>
              </span>
            </label>
            <label>
              {t('settings.specialBalls')}
              <input data-testid="special-balls" inputMode="numeric" placeholder="40" value={balls} onChange={(e) => setBalls(e.target.value.replace(/\D/g, '').slice(0, 2))} />
            </label>
            <label>
              {t('settings.specialStarting')}
              <span className="input-suffix">
                <input data-testid="special-starting" inputMode="decimal" placeholder="0" value={starting} onChange={(e) => setStarting(e.target.value)} />
                <span aria-hidden="true">€</span>
              </span>
            </label>
          </div>
          <p className="hint">{t('settings.specialHint')}</p>
        </fieldset>
        <fieldset>
          <legend>{t('settings.saleTitle')}</legend>
          <div className="settings-pair">
            <label>
              {t('settings.maxCards')}
              <input data-testid="max-cards" inputMode="numeric" value={maxCards} onChange={(e) => setMaxCards(e.target.value.replace(/\D/g, '').slice(0, 5))} />
            </label>
            <label className="check-label">
              <input type="checkbox" data-testid="chips-allowed" checked={chips} onChange={(e) => setChips(e.target.checked)} />
              {t('settings.chips')}
            </label>
          </div>
        </fieldset>
      </div>
      <div className="settings-col">
        <fieldset>
          <legend>{t('settings.stampDutyTitle')}</legend>
          <label>
            {t('settings.stampDuty')}
            <span className="input-suffix">
              <input data-testid="stamp-duty" inputMode="decimal" placeholder="25" value={stamp} onChange={(e) => setStamp(e.target.value)} />
              <span aria-hidden="true">%</span>
            </span>
          </label>
          <p className="hint">{settings.stampDutyBasisPoints === null ? t('settings.stampDutyUnset') : t('settings.stampDutyHint')}</p>
        </fieldset>
        <fieldset>
          <legend>{t('settings.guiaTitle')}</legend>
          <label>
            {t('settings.guiaThreshold')}
            <span className="input-suffix">
              <input data-testid="guia-threshold" inputMode="decimal" value={guiaThreshold} onChange={(e) => setGuiaThreshold(e.target.value)} />
              <span aria-hidden="true">€</span>
            </span>
          </label>
          <p className="hint">{t('settings.guiaHint')}</p>
        </fieldset>
        <fieldset>
          <legend>{t('settings.shiftTitle')}</legend>
          <label>
            {t('settings.shiftHours')}
            <span className="input-suffix">
              <input data-testid="shift-hours" inputMode="numeric" value={shiftHours} onChange={(e) => setShiftHours(e.target.value.replace(/\D/g, '').slice(0, 2))} />
              <span aria-hidden="true">h</span>
            </span>
          </label>
          <p className="hint">{t('settings.shiftHint')}</p>
          <label className="check-label">
            <input type="checkbox" data-testid="long-manager-pins" checked={longPins} onChange={(e) => setLongPins(e.target.checked)} />
            {t('settings.longManagerPins')}
          </label>
          <p className="hint">{t('settings.longManagerPinsHint')}</p>
        </fieldset>
      </div>
      <ErrorAlert error={error} testId="settings-error" />
      <button type="submit" className="btn btn-primary btn-large" data-testid="settings-submit" disabled={busy}>
        {busy ? t('common.working') : t('settings.submit')}
      </button>
      {confirmFreeze?.ok ? (
        <ConfirmDialog
          title={t('settings.specialFreezeTitle')}
          confirmLabel={t('settings.specialFreezeConfirm')}
          testId="special-freeze-dialog"
          confirmTestId="special-freeze-confirm"
          danger
          onConfirm={() => save(confirmFreeze.update)}
          onDone={() => setConfirmFreeze(null)}
          onClose={() => setConfirmFreeze(null)}
        >
          <p className="confirm-what">{t('settings.specialFreezeText', { amount: f.money(held) })}</p>
        </ConfirmDialog>
      ) : null}
      {carrying && frozen ? (
        <CarryFundDialog
          heldCents={held}
          initial={{ share, balls, starting }}
          onClose={() => setCarrying(false)}
          onDone={() => {
            setCarrying(false);
            void fund.reload();
            void invoke('settings.get', {}).then((r) => {
              if (r.ok) {
                setSpecialOn(r.value.specialPrize?.enabled ?? false);
                onSaved(r.value);
              }
            });
          }}
        />
      ) : null}
    </form>
  );
}

function BallSetPanel() {
  const { t } = useTranslation();
  const f = useFormat();
  const current = useKioskQuery('ballSet.current', {});
  const [serial, setSerial] = useState('');
  const [error, setError] = useState<ClientError | string | null>(null);
  const [done, setDone] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const set = current.data;

  // Replacing the set in use is confirmed first: the old set is retired for good (art. 5.3, recorded in the acta).
  const [confirming, setConfirming] = useState(false);

  const registered = (value: { serial: string }) => {
    setConfirming(false);
    setSerial('');
    setDone(t('ballSet.registered', { serial: value.serial }));
    void current.reload();
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    setDone(null);
    if (serial.trim() === '') {
      setError(t('ballSet.serialRequired'));
      return;
    }
    setError(null);
    if (set) {
      setConfirming(true);
      return;
    }
    setBusy(true);
    const r = await invoke('ballSet.register', { serial: serial.trim() });
    setBusy(false);
    if (!r.ok) {
      setError(r.error);
      return;
    }
    registered(r.value);
  };

  return (
    <section className="panel" aria-labelledby="ballset-title">
      <h2 id="ballset-title">{t('ballSet.title')}</h2>
      <ErrorAlert error={current.error} testId="ballset-load-error" />
      {set === undefined ? null : set === null ? (
        <p className="alert" role="alert" data-testid="ballset-current">
          {t('ballSet.none')}
        </p>
      ) : (
        <dl className="facts" data-testid="ballset-current">
          <div>
            <dt>{t('ballSet.serial')}</dt>
            <dd>{set.serial}</dd>
          </div>
          <div>
            <dt>{t('ballSet.games')}</dt>
            <dd>{t('ballSet.gamesOf', { games: set.gamesPlayed })}</dd>
          </div>
          <div>
            <dt>{t('ballSet.since')}</dt>
            <dd className="small">{f.dateTime(set.registeredAt)}</dd>
          </div>
        </dl>
      )}
      {set?.warning ? (
        <p className="alert alert-warn" role="alert" data-testid="ballset-warning">
          {t('ballSet.warning', { serial: set.serial, games: set.gamesPlayed })}
        </p>
      ) : null}
      <form className="form form-row" onSubmit={submit} aria-label={t('ballSet.register')}>
        <label>
          {t('ballSet.newSerial')}
          <input data-testid="ballset-serial" value={serial} onChange={(e) => setSerial(e.target.value)} maxLength={40} autoComplete="off" />
        </label>
        {/* Until the set in use is known, a new one cannot be told apart from a replacement (which is confirmed). */}
        <button type="submit" className="btn btn-primary" data-testid="ballset-submit" disabled={busy || set === undefined}>
          {busy ? t('common.working') : t('ballSet.register')}
        </button>
      </form>
      {done ? (
        <p className="success" role="status" data-testid="ballset-result">
          {done}
        </p>
      ) : null}
      <ErrorAlert error={error} testId="ballset-error" />
      {confirming && set ? (
        <ConfirmDialog
          title={t('ballSet.confirmTitle')}
          confirmLabel={t('ballSet.confirm', { serial: serial.trim() })}
          testId="ballset-dialog"
          confirmTestId="ballset-confirm"
          onConfirm={() => invoke('ballSet.register', { serial: serial.trim() })}
          onDone={registered}
          onClose={() => setConfirming(false)}
        >
          <p className="confirm-what" data-testid="ballset-what">
            {t('ballSet.confirmText', { serial: serial.trim(), old: set.serial, count: set.gamesPlayed })}
          </p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** Every print job, with the printer of each (the header's panel shows the same list, more compact). */
function PrintJobsPanel() {
  const { t } = useTranslation();
  const jobs = usePrintJobs();
  return (
    <section className="panel" aria-labelledby="print-jobs-title">
      <h2 id="print-jobs-title">{t('printJobs.title')}</h2>
      <JobsList jobs={jobs.data} loadError={jobs.error} showPrinter />
    </section>
  );
}

/** The sub-screens of Configuração, in the order of the bar; `users` only for an admin. */
const SETTINGS_SUBS = ['hall', 'series', 'machines', 'printers', 'reasons', 'terminals', 'signing', 'users'] as const;
type SettingsSub = (typeof SETTINGS_SUBS)[number];

/**
 * Manager/admin: Configuração in sub-screens, each fitting a 1024x768
 * counter: the hall (name, licence and time zone, stamp duty, special prize, sale
 * limits, guias, shifts), the series and ball sets, the slot machines, the
 * printers and their jobs, the hall's enrolled terminals, and for an admin the users (`before`, given by
 * App: screens/Users). The jobs list steps aside while the header's jobs
 * panel is open (one list on the page).
 */
export function SettingsScreen({ jobsPanelOpen = false, before = null, isAdmin = false }: { jobsPanelOpen?: boolean; before?: ReactNode; isAdmin?: boolean }) {
  const { t } = useTranslation();
  const settings = useKioskQuery('settings.get', {});
  const seriesQ = useKioskQuery('series.list', {});
  const [saved, setSaved] = useState(false);
  const [sub, setSub] = useState<SettingsSub>('hall');
  const subs = SETTINGS_SUBS.filter((x) => x !== 'users' || before !== null);
  const shown = subs.includes(sub) ? sub : 'hall';
  const s = settings.data;
  return (
    <main className={`screen settings-screen settings-sub-${shown}-screen`} aria-labelledby="settings-screen-title">
      <h1 id="settings-screen-title" className="visually-hidden">
        {t('settings.screenTitle')}
      </h1>
      <SubTabs prefix="settings-sub" label={t('settings.sub.label')} subs={subs} current={shown} nameOf={(x) => t(`settings.sub.${x}`)} onChoose={setSub} />
      <div role="tabpanel" id="settings-sub-panel" className="settings-sub-panel" aria-labelledby={`settings-sub-${shown}-tab`} data-testid={`settings-panel-${shown}`}>
        {shown === 'hall' ? (
          <section className="panel">
            <h2 id="settings-title">{t('settings.title', { hall: s?.hallName ?? '' })}</h2>
            <ErrorAlert error={settings.error} testId="load-error" />
            {s ? (
              <HallSettingsForm
                // A change saved here or elsewhere starts the form again from the kiosk's values.
                key={JSON.stringify(s)}
                settings={s}
                isAdmin={isAdmin}
                onSaved={() => {
                  setSaved(true);
                  void settings.reload();
                }}
              />
            ) : (
              <p className="loading">{t('common.loading')}</p>
            )}
            {saved ? (
              <p className="success" role="status" data-testid="settings-saved">
                {t('settings.saved', {
                  stamp: s?.stampDutyBasisPoints === null || s === undefined ? '—' : formatPercent(s.stampDutyBasisPoints),
                })}
              </p>
            ) : null}
          </section>
        ) : null}
        {shown === 'signing' ? <HallKeyPanel isAdmin={isAdmin} /> : null}
        {shown === 'series' ? (
          <div className="columns">
            <div className="column-main">
              <ErrorAlert error={seriesQ.error} testId="series-load-error" />
              <SeriesPanel series={seriesQ.data ?? []} onRegistered={() => void seriesQ.reload()} />
            </div>
            <div className="column-side">
              <BallSetPanel />
            </div>
          </div>
        ) : null}
        {shown === 'machines' ? <MachinesPanel /> : null}
        {shown === 'printers' ? (
          <>
            <PrintersPanel />
            {jobsPanelOpen ? null : <PrintJobsPanel />}
          </>
        ) : null}
        {shown === 'reasons' ? <ReasonsPanel /> : null}
        {/* Enrolling and revoking are an admin's (the users panel is given for an admin alone); a manager sees the list. */}
        {shown === 'terminals' ? <TerminalsPanel admin={before !== null} /> : null}
        {shown === 'users' ? before : null}
      </div>
    </main>
  );
}
