import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useKioskQuery } from '../../hooks.js';
import { CountForm } from '../../components/CountForm.js';
import type { Counted } from './drawer.js';

/** No drawer on this terminal: count the float and open it. */
export function OpenDrawer({ onOpened }: { onOpened: () => void }) {
  const { t } = useTranslation();
  const me = useKioskQuery('auth.me', {});
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  const open = async (map: Record<string, number>, chips: Counted['chips']) => {
    setBusy(true);
    setError(null);
    const r = await invoke('drawer.open', { floatByDenomination: map, ...(chips && chips.cents > 0 ? { chipFloatByValue: chips.map } : {}) });
    setBusy(false);
    if (r.ok) onOpened();
    else setError(r.error);
  };
  return (
    <section className="panel" data-testid="drawer-closed-state">
      <p className="notice" data-testid="drawer-none">
        {t('drawer.none')}
      </p>
      {/* A casino caixa also counts its chip float; the form starts with it for caixa staff. */}
      <CountForm
        key={me.data ? 'me' : 'loading'}
        prefix="open"
        title={t('drawer.openTitle')}
        hint={t('drawer.openHint')}
        submitLabel={t('drawer.open')}
        busy={busy}
        chips="optional"
        chipsShown={me.data?.roles.includes('caixa') ?? false}
        onSubmit={(map, _cents, chips) => void open(map, chips)}
      >
        <ErrorAlert error={error} testId="drawer-open-error" />
      </CountForm>
    </section>
  );
}
