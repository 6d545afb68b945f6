import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { invoke, isElectron, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';

/**
 * The hall board (art. 7.1): in browser mode a manager opens it in a new
 * window, to be dragged to the hall's display, with a token that reads the
 * board and nothing else; under Electron it opens by itself on the second
 * display.
 */
export function BoardLink() {
  const { t } = useTranslation();
  const [error, setError] = useState<ClientError | null>(null);
  if (isElectron()) return <p className="meta">{t('board.electron')}</p>;
  const open = async () => {
    setError(null);
    // Opened at once, while the tap still counts as the user's, then sent to the board.
    const win = window.open('', '_blank');
    const r = await invoke('display.token', {});
    if (!r.ok) {
      win?.close();
      setError(r.error);
      return;
    }
    const url = `${r.value.path}#token=${encodeURIComponent(r.value.token)}`;
    if (win) {
      win.opener = null;
      win.location.href = url;
    } else window.location.assign(url);
  };
  return (
    <>
      <button type="button" className="btn" data-testid="board-open" onClick={() => void open()}>
        {t('board.open')}
      </button>
      <ErrorAlert error={error} testId="board-open-error" />
    </>
  );
}
