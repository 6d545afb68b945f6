/**
 * Manager: the checks of the kiosk's own records (issue 12, 13): the audit
 * log's hash chain (audit.verify), against an anchor the manager types from a
 * Z report or the acta and against the newest backup; the books, one document
 * at a time (books.verify: seconds on a large hall, with a progress bar; each
 * finding in words); and the ledger's balances (ledger.verify), the main
 * accounts in a small chart. They change nothing.
 */
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ChannelOutput } from '../../../core/contract.js';
import { invoke, type ClientError } from '../../client.js';
import { ErrorAlert } from '../../components/ErrorAlert.js';
import { useFormat } from '../../format.js';
import { useProgress } from '../../hooks.js';
import { mainAccounts, parseAnchor, postingsText } from '../../lib/checks.js';
import { TableRegion } from '../../components/TableRegion.js';
import { AuditLog } from './AuditLog.js';

type Audit = ChannelOutput<'audit.verify'>;
type Books = ChannelOutput<'books.verify'>;
type Ledger = ChannelOutput<'ledger.verify'>;
type Finding = Books['findings'][number];

/** How far the books check is (progress events of task 'books'); mounted when it starts, so it shows only this run. */
function BooksProgress() {
  const { t } = useTranslation();
  const p = useProgress('books');
  const percent = p && p.total > 0 ? Math.min(100, Math.floor((p.done / p.total) * 100)) : 0;
  return (
    <div className="backup-progress" data-testid="books-progress">
      <progress max={100} value={percent} aria-label={t('verify.booksProgress')} />
      <span role="status">{t('verify.booksPercent', { percent })}</span>
    </div>
  );
}

function useAccountName() {
  const { t, i18n } = useTranslation();
  return (account: string) => {
    const [kind, rest] = [account.slice(0, account.indexOf(':')), account.slice(account.indexOf(':') + 1)];
    // i18next reads ':' as a namespace separator: the key spells it '_'.
    const key = `verify.account.${account.replace(/:/g, '_')}`;
    if (i18n.exists(key)) return t(key);
    if ((kind === 'cash' || kind === 'chips') && rest !== '') return t(`verify.account.${kind}Terminal`, { terminal: rest });
    if (kind === 'liability' && rest.startsWith('jackpot:')) return t('verify.account.jackpot', { fund: rest.slice(rest.lastIndexOf(':') + 1) });
    return account;
  };
}

function FindingItem({ finding, index }: { finding: Finding; index: number }) {
  const { t, i18n } = useTranslation();
  const f = useFormat();
  const accountName = useAccountName();
  const doc = finding.document;
  const docType = doc ? (i18n.exists(`verify.docType.${doc.type}`) ? t(`verify.docType.${doc.type}`) : doc.type) : null;
  const where = [
    doc ? t('verify.findingDocument', { type: docType, id: doc.id }) : t('verify.findingNoDocument'),
    finding.transactionId !== null ? t('verify.findingTransaction', { id: finding.transactionId }) : null,
    finding.kind ? t('verify.findingKind', { kind: finding.kind }) : null,
  ].filter((x): x is string => x !== null);
  return (
    <li className="finding" data-testid={`finding-${index}`}>
      <p className="finding-problem">{t(`verify.problem.${finding.problem}`)}</p>
      <p className="meta">{where.join(' · ')}</p>
      {finding.expected !== null || finding.actual !== null ? (
        <dl className="finding-postings">
          <div>
            <dt>{t('verify.expected')}</dt>
            <dd>{finding.expected === null ? t('verify.none') : postingsText(finding.expected, f.money, accountName)}</dd>
          </div>
          <div>
            <dt>{t('verify.actual')}</dt>
            <dd>{finding.actual === null ? t('verify.none') : postingsText(finding.actual, f.money, accountName)}</dd>
          </div>
        </dl>
      ) : null}
    </li>
  );
}

function AuditResult({ audit, anchorSeq }: { audit: Audit; anchorSeq: number | null }) {
  const { t } = useTranslation();
  return (
    <div data-testid="audit-result">
      <p className={audit.valid ? 'success' : 'alert'} role="status" data-testid="audit-status">
        {audit.valid
          ? t('verify.auditOk', { count: audit.entries })
          : audit.brokenAt !== null
            ? t('verify.auditBroken', { seq: audit.brokenAt })
            : t('verify.auditNotOk')}
      </p>
      <ul className="plain-list">
        {audit.head ? (
          <li>
            {t('verify.head', { seq: audit.head.seq })} <code className="hash">{audit.head.hash}</code>
          </li>
        ) : null}
        {audit.anchor !== null && anchorSeq !== null ? (
          <li data-testid="audit-anchor" className={audit.anchor === 'ok' ? undefined : 'alert'}>
            {t(`verify.anchor.${audit.anchor}`, { seq: anchorSeq })}
          </li>
        ) : null}
        <li data-testid="audit-backup" className={audit.backup && audit.backup.anchor !== 'ok' ? 'alert' : undefined}>
          {audit.backup ? t(`verify.backup.${audit.backup.anchor}`, { file: audit.backup.file, seq: audit.backup.seq }) : t('verify.backup.none')}
        </li>
      </ul>
    </div>
  );
}

/**
 * The main accounts side by side: a bar as long as each balance's size (the
 * accounts' names are too long for the column chart of components/BarChart),
 * credit balances lighter and signed; a table, so it reads as one.
 */
function AccountBars({ accounts }: { accounts: { account: string; cents: number }[] }) {
  const { t } = useTranslation();
  const f = useFormat();
  const accountName = useAccountName();
  const max = Math.max(1, ...accounts.map((a) => Math.abs(a.cents)));
  return (
    <table className="account-bars" data-testid="ledger-chart">
      <caption className="visually-hidden">{t('verify.chartTitle')}</caption>
      <thead className="visually-hidden">
        <tr>
          <th scope="col">{t('verify.account.heading')}</th>
          <th scope="col">{t('verify.balance')}</th>
        </tr>
      </thead>
      <tbody>
        {accounts.map((a) => (
          <tr key={a.account} className={a.cents < 0 ? 'credit' : undefined}>
            <th scope="row">{accountName(a.account)}</th>
            <td>
              <span className="account-track" aria-hidden="true">
                <span className="account-bar" style={{ width: `${Math.max(1, Math.round((Math.abs(a.cents) / max) * 100))}%` }} />
              </span>
              <span className="account-value">
                {a.cents < 0 ? '−' : ''}
                {f.money(Math.abs(a.cents))}
              </span>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

function LedgerResult({ ledger }: { ledger: Ledger }) {
  const { t } = useTranslation();
  const f = useFormat();
  const accountName = useAccountName();
  const main = mainAccounts(ledger.balances, 6);
  const all = Object.entries(ledger.balances);
  return (
    <div data-testid="ledger-result">
      <p className={ledger.balanced ? 'success' : 'alert'} role="status" data-testid="ledger-status">
        {ledger.balanced
          ? t('verify.ledgerOk', { count: ledger.transactions })
          : t('verify.ledgerNotOk', { count: ledger.unbalanced.length, ids: ledger.unbalanced.slice(0, 20).join(', ') })}
      </p>
      {main.length > 0 ? <AccountBars accounts={main} /> : null}
      {main.length > 0 ? <p className="hint">{t('verify.chartHint')}</p> : null}
      {all.length > 0 ? (
        <details className="balances">
          <summary>{t('verify.allBalances', { count: all.length })}</summary>
          <TableRegion name={t('verify.allBalances', { count: all.length })}>
            <table className="table compact">
              <thead>
                <tr>
                  <th scope="col">{t('verify.account.heading')}</th>
                  <th scope="col" className="num">
                    {t('verify.balance')}
                  </th>
                </tr>
              </thead>
              <tbody>
                {all.map(([account, cents]) => (
                  <tr key={account}>
                    <th scope="row">
                      {accountName(account)} <code className="meta">{account}</code>
                    </th>
                    <td className="num">
                      {cents < 0 ? '−' : ''}
                      {f.money(Math.abs(cents))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </TableRegion>
        </details>
      ) : null}
    </div>
  );
}

export function ChecksScreen() {
  const { t } = useTranslation();
  const [seqText, setSeqText] = useState('');
  const [hashText, setHashText] = useState('');
  const [anchorError, setAnchorError] = useState<string | null>(null);
  const [running, setRunning] = useState(false);
  const [audit, setAudit] = useState<{ value: Audit; anchorSeq: number | null } | null>(null);
  const [ledger, setLedger] = useState<Ledger | null>(null);
  const [books, setBooks] = useState<Books | null>(null);
  const [booksRunning, setBooksRunning] = useState(false);
  const [errors, setErrors] = useState<{ audit: ClientError | null; ledger: ClientError | null; books: ClientError | null }>({ audit: null, ledger: null, books: null });

  const run = async (e: FormEvent) => {
    e.preventDefault();
    if (running) return;
    const anchor = parseAnchor(seqText, hashText);
    if (!anchor.ok) {
      setAnchorError(t(anchor.field === 'seq' ? 'verify.anchorSeqInvalid' : 'verify.anchorHashInvalid'));
      return;
    }
    setAnchorError(null);
    setRunning(true);
    setAudit(null);
    setLedger(null);
    setBooks(null);
    setErrors({ audit: null, ledger: null, books: null });
    const [a, l] = await Promise.all([invoke('audit.verify', anchor.anchor ? { anchor: anchor.anchor } : {}), invoke('ledger.verify', {})]);
    if (a.ok) setAudit({ value: a.value, anchorSeq: anchor.anchor?.seq ?? null });
    if (l.ok) setLedger(l.value);
    setErrors((x) => ({ ...x, audit: a.ok ? null : a.error, ledger: l.ok ? null : l.error }));
    setBooksRunning(true);
    const b = await invoke('books.verify', {});
    setBooksRunning(false);
    if (b.ok) setBooks(b.value);
    else setErrors((x) => ({ ...x, books: b.error }));
    setRunning(false);
  };

  return (
    <main className="screen checks-screen" aria-labelledby="checks-title">
      <section className="panel">
        <h1 id="checks-title">{t('verify.title')}</h1>
        <p className="meta">{t('verify.explain')}</p>
        <form className="form form-row anchor-form" onSubmit={run} noValidate>
          <label>
            {t('verify.anchorSeq')}
            <input data-testid="anchor-seq" inputMode="numeric" autoComplete="off" maxLength={20} value={seqText} onChange={(e) => setSeqText(e.target.value)} />
          </label>
          <label className="anchor-hash">
            {t('verify.anchorHash')}
            <input data-testid="anchor-hash" autoComplete="off" spellCheck={false} maxLength={100} value={hashText} onChange={(e) => setHashText(e.target.value)} aria-describedby="anchor-hint" />
          </label>
          <button type="submit" className="btn btn-primary btn-large" data-testid="checks-run" disabled={running}>
            {running ? t('verify.running') : t('verify.run')}
          </button>
        </form>
        <p className="hint field-hint" id="anchor-hint">
          {t('verify.anchorHint')}
        </p>
        <ErrorAlert error={anchorError} testId="anchor-error" />
      </section>
      <div className="columns">
        <div className="column-main">
          <section className="panel" aria-labelledby="books-title">
            <h2 id="books-title">{t('verify.booksTitle')}</h2>
            <p className="meta">{t('verify.booksExplain')}</p>
            {booksRunning ? <BooksProgress /> : null}
            {!booksRunning && !books && !errors.books ? <p className="meta">{t('verify.notRun')}</p> : null}
            <ErrorAlert error={errors.books} testId="books-error" />
            {books ? (
              <div data-testid="books-result">
                <p className={books.ok ? 'success' : 'alert'} role="status" data-testid="books-status">
                  {books.ok
                    ? t('verify.booksOk', { documents: books.documents, transactions: books.transactions, operators: books.operators })
                    : t('verify.booksNotOk', { count: books.findingsTotal, documents: books.documents, transactions: books.transactions })}
                </p>
                {books.findings.length > 0 ? (
                  <ol className="findings" data-testid="findings">
                    {books.findings.map((finding, i) => (
                      <FindingItem key={i} finding={finding} index={i} />
                    ))}
                  </ol>
                ) : null}
                {books.findingsTotal > books.findings.length ? <p className="hint">{t('verify.moreFindings', { shown: books.findings.length, total: books.findingsTotal })}</p> : null}
              </div>
            ) : null}
          </section>
        </div>
        <div className="column-side">
          <section className="panel" aria-labelledby="audit-title">
            <h2 id="audit-title">{t('verify.auditTitle')}</h2>
            <ErrorAlert error={errors.audit} testId="audit-error" />
            {audit ? <AuditResult audit={audit.value} anchorSeq={audit.anchorSeq} /> : <p className="meta">{t('verify.notRun')}</p>}
          </section>
          <section className="panel" aria-labelledby="ledger-title">
            <h2 id="ledger-title">{t('verify.ledgerTitle')}</h2>
            <ErrorAlert error={errors.ledger} testId="ledger-error" />
            {ledger ? <LedgerResult ledger={ledger} /> : <p className="meta">{t('verify.notRun')}</p>}
          </section>
        </div>
      </div>
      <AuditLog />
    </main>
  );
}
