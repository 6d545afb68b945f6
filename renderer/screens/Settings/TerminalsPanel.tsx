/**
 * Terminals (issue 24): the hall's enrolled counters (name, certificate
 * fingerprint, enrolled, last seen, revoked); for an admin, a one-time code
 * to enrol one (shown once, with its expiry, the hall server's fingerprint
 * and the counter's command) and the revocation of one, said in full before
 * it is done.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { isTerminalId } from '../../../core/terminal.js';
import { ENROLMENT_CODE_TTL_MS } from '../../../core/terminals/rules.js';
import { invoke, type ClientError } from '../../client.js';
import { ColumnHeads } from '../../components/ColumnHeads.js';
import { ConfirmDialog } from '../../components/ConfirmDialog.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useKioskQuery } from '../../hooks.js';

type Enrolment = ChannelOutput<'terminal.enroll'>;
type TerminalView = ChannelOutput<'terminal.list'>[number];

function EnrolForm({ onEnrolled }: { onEnrolled: (e: Enrolment) => void }) {
  const { t } = useTranslation();
  const [name, setName] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<ClientError | string | null>(null);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (busy) return;
    if (!isTerminalId(name)) {
      setError(t('terminals.invalidName'));
      return;
    }
    setBusy(true);
    setError(null);
    const r = await invoke('terminal.enroll', { name });
    setBusy(false);
    if (!r.ok) setError(r.error);
    else {
      setName('');
      onEnrolled(r.value);
    }
  };
  return (
    <form className="form terminal-form" onSubmit={submit} aria-labelledby="terminal-enrol-title" noValidate>
      <h3 id="terminal-enrol-title">{t('terminals.enrolTitle')}</h3>
      <label>
        {t('terminals.name')}
        <input
          data-testid="terminal-name"
          value={name}
          onChange={(e) => setName(e.target.value.replace(/\s/g, ''))}
          maxLength={32}
          autoComplete="off"
          spellCheck={false}
          aria-describedby="terminal-name-hint"
        />
      </label>
      <p className="hint" id="terminal-name-hint">
        {t('terminals.nameHint')}
      </p>
      <ErrorAlert error={error} testId="terminal-enrol-error" />
      <button type="submit" className="btn btn-primary" data-testid="terminal-enrol" disabled={busy}>
        {busy ? t('common.working') : t('terminals.enrol')}
      </button>
    </form>
  );
}

/** The code, shown once: with the hall's fingerprint and the command the counter runs. */
export function EnrolmentCode({ enrolment }: { enrolment: Enrolment }) {
  const { t } = useTranslation();
  const f = useFormat();
  const fingerprint = enrolment.hallFingerprint ?? 'sha256:…';
  // The terminals port's own addresses, as the hall gives them: the first in the command, the others beside it.
  const [hallUrl, ...others] = enrolment.hallUrls;
  return (
    <div className="notice terminal-code" role="status" data-testid="terminal-code-box">
      <p>{t('terminals.codeFor', { name: enrolment.name })}</p>
      <p className="recovery-code-value" data-testid="terminal-code">
        {enrolment.code}
      </p>
      <p data-testid="terminal-code-expiry">{t('terminals.codeExpires', { time: f.shortTime(enrolment.expiresAt) })}</p>
      {enrolment.hallFingerprint ? (
        <p>
          {t('terminals.hallFingerprint')} <span className="mono" data-testid="terminal-hall-fingerprint">{enrolment.hallFingerprint}</span>
        </p>
      ) : (
        <p className="job-error" data-testid="terminal-no-fingerprint">
          {t('terminals.noFingerprint')}
        </p>
      )}
      {hallUrl ? (
        <p data-testid="terminal-hall-url">
          {t('terminals.installedHint', { url: hallUrl })}
        </p>
      ) : null}
      <p>{t(hallUrl ? 'terminals.instructionsReady' : 'terminals.instructions')}</p>
      <pre className="mono terminal-command" data-testid="terminal-command">
        {`npm run counter -- --hall ${hallUrl ?? `https://${t('terminals.hallAddress')}`} --fingerprint ${fingerprint} --enroll ${enrolment.code} --data-dir ${enrolment.counterDataDir} --port 5174`}
      </pre>
      {others.length > 0 ? (
        <p className="hint" data-testid="terminal-other-urls">
          {t('terminals.otherAddresses', { url: hallUrl, others: others.join(', ') })}
        </p>
      ) : null}
      <p className="hint">{t('terminals.confirmationHint')}</p>
    </div>
  );
}

/** The terminals listed, the code shown (until a counter redeems it) and the one being revoked. */
function useTerminals() {
  const list = useKioskQuery('terminal.list', {});
  const terminals = list.data ?? [];
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [revoking, setRevoking] = useState<TerminalView | null>(null);
  const [revoked, setRevoked] = useState<string | null>(null);
  // The code shown is gone once a counter redeemed it (its row comes with the redemption's event): its confirmation shows instead.
  const shownAt = enrolment ? new Date(new Date(enrolment.expiresAt).getTime() - ENROLMENT_CODE_TTL_MS).toISOString() : null;
  const redeemed = enrolment ? terminals.find((x) => x.name === enrolment.name && x.enrolledAt >= shownAt!) : undefined;
  const revoke = (x: TerminalView) => {
    setRevoked(null);
    setRevoking(x);
  };
  const enrolled = (e: Enrolment) => {
    setEnrolment(e);
    void list.reload();
  };
  const revokedDone = (name: string, said: string) => {
    setRevoking(null);
    if (enrolment?.name === name) setEnrolment(null);
    setRevoked(said);
    void list.reload();
  };
  return { list, terminals, enrolment, redeemed, revoking, setRevoking, revoked, revoke, enrolled, revokedDone };
}

export function TerminalsPanel({ admin }: { admin: boolean }) {
  const { t } = useTranslation();
  const f = useFormat();
  const { list, terminals, enrolment, redeemed, revoking, setRevoking, revoked, revoke, enrolled, revokedDone } = useTerminals();
  return (
    <section className="panel terminals-panel" aria-labelledby="terminals-title" data-testid="terminals-panel">
      <h2 id="terminals-title">{t('terminals.title')}</h2>
      <p className="hint">{t('terminals.intro')}</p>
      <ThisPost />
      <ErrorAlert error={list.error} testId="terminals-load-error" />
      {list.data === undefined ? (
        list.error ? null : <p className="loading">{t('common.loading')}</p>
      ) : terminals.length === 0 ? (
        <p className="empty">{t('terminals.none')}</p>
      ) : (
        <TerminalsTable terminals={terminals} admin={admin} onRevoke={revoke} />
      )}
      {revoked ? (
        <p className="success" role="status" data-testid="terminal-revoked">
          {revoked}
        </p>
      ) : null}
      {admin ? <EnrolForm onEnrolled={enrolled} /> : null}
      {redeemed ? (
        <p className="success" role="status" data-testid="terminal-enrolled">
          {t('terminals.enrolledDone', { name: redeemed.name, code: redeemed.confirmation ?? '—' })}
        </p>
      ) : enrolment ? (
        <EnrolmentCode enrolment={enrolment} />
      ) : null}
      {revoking ? (
        <ConfirmDialog
          title={t('terminals.revokeTitle', { name: revoking.name })}
          confirmLabel={t('terminals.revokeConfirm')}
          testId="terminal-revoke-dialog"
          confirmTestId="terminal-revoke-confirm"
          danger
          onConfirm={() => invoke('terminal.revoke', { name: revoking.name })}
          onDone={(value) => revokedDone(value.name, t('terminals.revokedDone', { name: value.name, time: f.shortTime(value.revokedAt) }))}
          onClose={() => setRevoking(null)}
        >
          <p data-testid="terminal-revoke-explain">{t('terminals.revokeExplain', { name: revoking.name })}</p>
        </ConfirmDialog>
      ) : null}
    </section>
  );
}

/** At a counter: which terminal this post is, the hall it is carried to, and the code the hall server's screen shows too. */
function ThisPost() {
  const { t } = useTranslation();
  const link = useKioskQuery('link.status', {});
  const post = link.data?.mode === 'counter' ? (link.data.post ?? null) : null;
  if (!post) return null;
  return (
    <p className="terminal-post" data-testid="terminal-this-post">
      {t('terminals.thisPost', { terminal: post.terminalId, hall: post.hallUrl, code: post.confirmation })}
      <span className="mono series-colour" title={post.serverFingerprint}>{`${post.serverFingerprint.slice(0, 23)}…`}</span>
    </p>
  );
}

function TerminalsTable({ terminals, admin, onRevoke }: { terminals: readonly TerminalView[]; admin: boolean; onRevoke: (x: TerminalView) => void }) {
  const { t } = useTranslation();
  const heads = [t('terminals.terminal'), t('terminals.enrolledAt'), t('terminals.lastSeenAt'), t('terminals.state'), ...(admin ? [t('terminals.actions')] : [])];
  return (
    <div className="table-wrap">
      <table className="table compact terminals">
        <caption className="visually-hidden">{t('terminals.caption')}</caption>
        <ColumnHeads columns={heads.map((label) => ({ label }))} />
        <tbody>
          {terminals.map((x) => (
            <TerminalRow key={x.fingerprint} x={x} admin={admin} onRevoke={onRevoke} />
          ))}
        </tbody>
      </table>
    </div>
  );
}

function TerminalRow({ x, admin, onRevoke }: { x: TerminalView; admin: boolean; onRevoke: (x: TerminalView) => void }) {
  const { t } = useTranslation();
  const f = useFormat();
  return (
    <tr data-testid={`terminal-row-${x.name}`} data-revoked={x.revokedAt !== null}>
      <th scope="row">
        {x.name}
        <span className="mono series-colour" title={x.fingerprint}>
          {`${x.fingerprint.slice(0, 23)}…`}
        </span>
      </th>
      <td>
        {f.dateTime(x.enrolledAt)}
        {x.confirmation ? (
          <span className="series-colour terminal-confirmation" data-testid={`terminal-confirmation-${x.name}`}>
            {t('terminals.confirmation', { code: x.confirmation })}
          </span>
        ) : null}
      </td>
      <td>{x.lastSeenAt ? f.dateTime(x.lastSeenAt) : t('terminals.never')}</td>
      <td>
        {x.revokedAt ? (
          <span className="badge badge-printer-offline">{t('terminals.revokedAt', { time: f.dateTime(x.revokedAt) })}</span>
        ) : (
          <span className="badge badge-printer-ready">{t('terminals.live')}</span>
        )}
      </td>
      {admin ? (
        <td>
          {x.revokedAt === null ? (
            <button
              type="button"
              className="btn btn-small btn-danger"
              data-testid={`terminal-revoke-${x.name}`}
              aria-label={t('terminals.revokeLabel', { name: x.name })}
              onClick={() => onRevoke(x)}
            >
              {t('terminals.revoke')}
            </button>
          ) : null}
        </td>
      ) : null}
    </tr>
  );
}
