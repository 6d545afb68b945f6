import { useTranslation } from 'react-i18next';
import type { ChannelInput, ChannelOutput } from '../../core/contract.js';
import { invoke } from '../client.js';
import { ConfirmDialog } from './ConfirmDialog.js';

type Check = ChannelInput<'session.recordCheck'>;

/**
 * A start- or end-of-session check (Despacho Normativo 80/85, art. 5.º, n.º 2,
 * and 11.º, n.º 1) written in the acta once confirmed: the dialog says what
 * is recorded, with the time and the manager's name, for good.
 */
export function CheckConfirm({ check, onDone, onClose }: { check: Check; onDone: (value: ChannelOutput<'session.recordCheck'>) => void; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <ConfirmDialog
      title={t('checks.confirm.title', { what: t(`checks.button.${check.phase}.${check.kind}`) })}
      confirmLabel={t('checks.confirm.record')}
      testId="check-confirm-dialog"
      confirmTestId="check-confirm"
      onConfirm={() => invoke('session.recordCheck', check)}
      onDone={onDone}
      onClose={onClose}
    >
      <p className="confirm-what" data-testid="check-confirm-what">
        {t(`checks.confirm.${check.phase}.${check.kind}`)}
      </p>
      <p className="hint">{t('checks.confirm.note')}</p>
    </ConfirmDialog>
  );
}
