/**
 * The entrance's register, where the hall identifies its bingo players as they come in (Lei n.º 83/2017, art. 76.º,
 * n.º 5): the player's document found or recorded (the same identification as the caixa's), then the entry
 * recorded; a person the list in force bars is refused in words, the refusal kept for the manager. What this desk
 * recorded since it opened is listed beside it (the day's record is the managers').
 */
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { DOCUMENT_TYPE_LABELS } from '../../../core/compliance/rules.js';
import { invoke, newActionKey, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { IdentifyDialog, type Person } from '../../components/Payee.js';
import { useFormat } from '../../format.js';

type Entry = ChannelOutput<'person.enter'> & { person: Person };

/** How many of this desk's entries stay listed. */
const SHOWN = 8;

export function EntryScreen() {
  const { t } = useTranslation();
  const f = useFormat();
  const [identifying, setIdentifying] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | null>(null);
  const [entries, setEntries] = useState<Entry[]>([]);

  const enter = async (person: Person) => {
    setIdentifying(false);
    setBusy(true);
    setError(null);
    const r = await invoke('person.enter', { personId: person.personId }, { key: newActionKey() });
    setBusy(false);
    if (!r.ok) return setError(r.error);
    setEntries((list) => [{ ...r.value, person }, ...list].slice(0, SHOWN));
  };

  const last = entries[0];
  return (
    <main className="screen entry-screen" aria-labelledby="entry-title">
      <section className="panel">
        <h1 id="entry-title">{t('entry.title')}</h1>
        <p className="hint">{t('entry.hint')}</p>
        <button type="button" className="btn btn-primary btn-large" data-testid="entry-record" disabled={busy} onClick={() => setIdentifying(true)}>
          {busy ? t('common.working') : t('entry.record')}
        </button>
        <ErrorAlert error={error} testId="entry-error" />
        {last && error === null ? (
          <p className="success" role="status" data-testid="entry-done">
            {t('entry.done', { name: last.person.name, time: f.time(last.at), count: last.entriesToday })}
          </p>
        ) : null}
      </section>
      <section className="panel entry-list" aria-labelledby="entry-list-title">
        <h2 id="entry-list-title">{t('entry.listTitle')}</h2>
        {entries.length === 0 ? (
          <p className="hint" data-testid="entry-none">
            {t('entry.none')}
          </p>
        ) : (
          <table className="table" data-testid="entry-list">
            <thead>
              <tr>
                <th scope="col">{t('entry.at')}</th>
                <th scope="col">{t('entry.player')}</th>
                <th scope="col">{t('entry.today')}</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => (
                <tr key={e.entryId}>
                  <td>{f.time(e.at)}</td>
                  <td>
                    {e.person.name}
                    <span className="hint entry-document">{`${DOCUMENT_TYPE_LABELS[e.person.documentType]} ${e.person.documentMasked}, ${e.person.country}`}</span>
                  </td>
                  <td className="num">{e.entriesToday}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
      {identifying ? <IdentifyDialog onClose={() => setIdentifying(false)} onDone={(p) => void enter(p)} /> : null}
    </main>
  );
}
