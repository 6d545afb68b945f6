import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Settings } from '../../../../core/contract.js';
import { invoke, type ClientError } from '../../../client.js';
import { ConfirmDialog } from '../../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../../components/ErrorAlert.js';
import { useFormat } from '../../../format.js';
import { useKioskQuery } from '../../../hooks.js';
import { settingsUpdate } from '../../../lib/settings.js';
import { CarryFundDialog } from './CarryFundDialog.js';
import { GuiaFields, HallIdentityFields, IdentificationFields, SaleFields, ShiftFields, SpecialPrizeFields, StampDutyFields } from './HallFieldsets.js';
import { useHallFields } from './useHallFields.js';

/** The hall's settings: the hall, its special prize and sale; the stamp duty, the guias, identified players and the shifts; saved together. */
export function HallSettingsForm({ settings, isAdmin, onSaved }: { settings: Settings; isAdmin: boolean; onSaved: (s: Settings) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  const form = useHallFields(settings);
  const { fields } = form;
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
    const r = settingsUpdate(fields, settings);
    if (!r.ok) {
      setError(t(`settings.invalid.${r.field}`));
      return;
    }
    if (settings.specialPrize?.enabled && !fields.specialOn && held > 0) {
      setConfirmFreeze(r);
      return;
    }
    await save(r.update);
  };

  return (
    <form className="form settings-form" onSubmit={submit} aria-labelledby="settings-title">
      {/* Two columns of groups on a counter's screen (the hall, its prize and sale; the tax, the caixa and the shifts). */}
      <div className="settings-col">
        <HallIdentityFields form={form} isAdmin={isAdmin} />
        <SpecialPrizeFields form={form} held={held} frozen={frozen} active={fund.data?.state === 'active'} onCarry={() => setCarrying(true)} />
        <SaleFields form={form} />
      </div>
      <div className="settings-col">
        <StampDutyFields form={form} settings={settings} />
        <GuiaFields form={form} />
        <IdentificationFields form={form} />
        <ShiftFields form={form} />
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
          initial={{ share: fields.share, balls: fields.balls, starting: fields.starting }}
          onClose={() => setCarrying(false)}
          onDone={() => {
            setCarrying(false);
            void fund.reload();
            void invoke('settings.get', {}).then((r) => {
              if (r.ok) {
                form.set('specialOn')(r.value.specialPrize?.enabled ?? false);
                onSaved(r.value);
              }
            });
          }}
        />
      ) : null}
    </form>
  );
}
