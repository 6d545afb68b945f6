/**
 * Hash-chained audit log: each row's hash covers the previous row's hash and
 * its own fields, so any edit or removal breaks the chain from there on.
 */
import { createHash, hash } from 'node:crypto';
import { OPERATOR_CHANNELS } from '../core/audit/books.js';
import type { ReadableDb, WritableDb } from './connection.js';
import { metaValue, saveMeta } from './people.js';
import { stmt } from './sql.js';

/** Where a chain begun before its hall had an identity starts (every file made before migration 0024). */
export const GENESIS_HASH = '0'.repeat(64);

/** Where a hall's chain starts once bound to it (migration 0024): its UUID's own hash. The group recomputes it. */
export function hallGenesis(hallId: string): string {
  return createHash('sha256').update('bingo-kiosk audit genesis\n').update(hallId).digest('hex');
}

/**
 * The prev_hash of this file's row 1: its hall's genesis, or zeros for a chain begun before that binding, and
 * for a file of a version before it (an old backup checked as it is, unmigrated).
 */
export function chainGenesis(db: ReadableDb): string {
  const bindable = stmt<[], { n: number }>(db, `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name IN ('audit_genesis', 'hall_identity')`).get();
  if (bindable?.n !== 2) return GENESIS_HASH;
  const row = stmt<[], { bound: number; hallId: string | null }>(
    db,
    `SELECT g.bound AS bound, (SELECT hall_id FROM hall_identity WHERE id = 1) AS hallId FROM audit_genesis g WHERE g.id = 1`,
  ).get();
  return row && row.bound === 1 && row.hallId ? hallGenesis(row.hallId) : GENESIS_HASH;
}

export interface AuditRecord {
  at: string;
  operatorId: number | null;
  terminalId: string;
  channel: string;
  outcome: 'ok' | 'refused';
  input: unknown;
  before: unknown;
  after: unknown;
  /** Credential digests this row vouches for, given (a baseline); by default those of the operators the command changed. */
  credentials?: Record<string, string>;
}

/** An audit row as stored: the group's journal carries these fields as they are, so it can recompute each hash. */
export interface StoredRow {
  id: number;
  at: string;
  operator_id: number | null;
  terminal_id: string;
  channel: string;
  outcome: string;
  input: string;
  before: string | null;
  after: string | null;
  prev_hash: string;
  hash: string;
}

/** A row's hash: the previous row's hash and the row's own fields (the group recomputes it from its copy). */
export function auditRowHash(prevHash: string, r: Omit<StoredRow, 'hash' | 'prev_hash'>): string {
  const canonical = JSON.stringify([
    r.id,
    r.at,
    r.operator_id,
    r.terminal_id,
    r.channel,
    r.outcome,
    r.input,
    r.before,
    r.after,
  ]);
  // One call (crypto.hash): the shipper recomputes every entry's hash, and the verifiers the whole chain.
  return hash('sha256', `${prevHash}\n${canonical}`);
}

/** `identityKey`: the group's key of the documents' digests (Lei n.º 83/2017), installed from its file. */
const SECRET_KEYS = new Set(['pin', 'operatorToken', 'recoveryCode', 'identityKey']);
/** Imported files are logged by their hash: the log records which file, not megabytes of it. */
const FILE_KEYS = new Set(['content']);
/** A person's identification (Lei n.º 83/2017) is kept apart from the books: never in the log, which the group receives. */
const PERSONAL_KEYS = new Set(['person']);

/** PINs and tokens never reach the log. */
export function redact(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(redact);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([k, v]) => [
        k,
        SECRET_KEYS.has(k)
          ? '***'
          : PERSONAL_KEYS.has(k) && v !== null && typeof v === 'object'
            ? '[dados pessoais]'
            : FILE_KEYS.has(k) && typeof v === 'string'
            ? `sha256:${createHash('sha256').update(v).digest('hex')}`
            : redact(v),
      ]),
    );
  }
  return value;
}

const json = (v: unknown): string | null => (v === undefined ? null : JSON.stringify(redact(v)));

/** An operator's record as it authorises: who, which roles, whether active, and the PIN hash that lets them in. */
export interface OperatorCredential {
  id: number;
  username: string;
  name: string;
  /** As stored: a JSON array. */
  roles: string;
  active: number;
  pinHash: string;
}

/**
 * The digest of an operator's credential, kept in the audit row of the command that
 * wrote it (issue 37): the chain and the hall's signed checkpoints vouch for it, so an
 * operator edited in the stopped file (a PIN hash copied from another, a role added,
 * an operator reactivated) no longer matches the last digest the log holds for them.
 * It tells nothing of the PIN: the hash it covers is sealed under a key not in the file.
 */
export function credentialDigest(o: OperatorCredential): string {
  let roles: unknown = o.roles;
  try {
    roles = JSON.parse(o.roles);
  } catch {
    // Not JSON: hashed as it is (it differs from any digest written by the kiosk).
  }
  return createHash('sha256')
    .update('bingo-kiosk operator credential\n')
    .update(JSON.stringify([o.id, o.username, o.name, roles, o.active === 1, o.pinHash]))
    .digest('hex');
}

export const CREDENTIAL_SELECT = `SELECT id, username, name, roles, active, pin_hash AS pinHash FROM operators`;

/** Whether a file records operators' changes (migration 0010): an older one has nothing to vouch for them with. */
const recordsOperators = new WeakMap<object, boolean>();

/**
 * The operators the command being logged changed (the changes operator_changes recorded
 * since the log's last row, `lastSeq`), each with its credential's digest as it now stands.
 */
function recordsOperatorsIn(db: ReadableDb): boolean {
  let has = recordsOperators.get(db);
  if (has === undefined) {
    has = stmt<[], { n: number }>(db, `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = 'operator_changes'`).get()!.n > 0;
    recordsOperators.set(db, has);
  }
  return has;
}

function changedCredentials(db: WritableDb, lastSeq: number): Record<string, string> | null {
  if (!recordsOperatorsIn(db)) return null;
  const ids: number[] = [];
  // Newest first, by rowid: only this command's changes are read (they name the log's last row).
  for (const c of stmt<[], { operatorId: number; auditSeq: number }>(db, `SELECT operator_id AS operatorId, audit_seq AS auditSeq FROM operator_changes ORDER BY id DESC`).iterate()) {
    if (c.auditSeq !== lastSeq) break;
    ids.push(c.operatorId);
  }
  if (ids.length === 0) return null;
  const rows = stmt<[string], OperatorCredential>(db, `${CREDENTIAL_SELECT} WHERE id IN (SELECT value FROM json_each(?)) ORDER BY id`).all(JSON.stringify(ids));
  return Object.fromEntries(rows.map((o) => [String(o.id), credentialDigest(o)]));
}

/**
 * Whether an operator as the file holds them now is the one the log last vouched for
 * (the digest in the newest accepted row that wrote them). One the log holds no digest
 * for is vouched for only in a file whose operators were never vouched for yet (an older
 * hall before its first start with the digests): after that, every operator the kiosk
 * wrote has one, and one without it was put in the file by hand (issue 37). Read at login
 * and approval, after a right PIN: a hash copied from another operator lets no one in.
 */
export function credentialVouched(db: ReadableDb, operatorId: number): boolean {
  const op = stmt<[number], OperatorCredential>(db, `${CREDENTIAL_SELECT} WHERE id = ?`).get(operatorId);
  if (!op) return false;
  const vouched = stmt<[string, string], { digest: string | null }>(
    db,
    `SELECT json_extract(after, ?) AS digest FROM audit_log
      WHERE channel IN (SELECT value FROM json_each(?)) AND outcome = 'ok' AND json_valid(after) AND json_type(after, '$.credentials') = 'object'
      ORDER BY id DESC`,
  );
  let digests = false;
  for (const r of vouched.iterate(`$.credentials."${operatorId}"`, JSON.stringify(CREDENTIAL_CHANNELS))) {
    if (r.digest !== null) return r.digest === credentialDigest(op);
    digests = true;
  }
  return !digests && !baselineRecorded(db);
}

/**
 * The kiosk_meta key that records the hall's operators vouched for once (issue 37): the seq of
 * its operators.baseline row, or 0 when none was needed (the hall's file already had digests,
 * or no operators). Written in the baseline's transaction; the baseline never runs again.
 */
export const CREDENTIALS_BASELINE_META = 'credentials_baseline';

/** Whether the file has this table yet (an older file checked by this program lacks a later migration's). */
export function hasTable(db: ReadableDb, name: string): boolean {
  return stmt<[string], { n: number }>(db, `SELECT COUNT(*) AS n FROM sqlite_master WHERE type = 'table' AND name = ?`).get(name)!.n > 0;
}

/** Whether the baseline was recorded (kiosk_meta) or its row is in the log. */
function baselineRecorded(db: ReadableDb): boolean {
  if (hasTable(db, 'kiosk_meta') && metaValue(db, CREDENTIALS_BASELINE_META) !== null) return true;
  return stmt<[string], { n: number }>(db, `SELECT COUNT(*) AS n FROM audit_log WHERE channel = ?`).get(CREDENTIALS_BASELINE_CHANNEL)!.n > 0;
}

/**
 * Whether the hall's operators are vouched for from now on: its baseline is recorded, or its log
 * holds digests. Then an operator without a digest was not written by the kiosk (books.ts names it).
 */
export function credentialsBaselined(db: ReadableDb): boolean {
  return recordsOperatorsIn(db) && (baselineRecorded(db) || holdsDigests(db));
}

/** Whether any accepted row of the log holds credential digests. */
function holdsDigests(db: ReadableDb): boolean {
  return (
    stmt<[string], { n: number }>(
      db,
      `SELECT COUNT(*) AS n FROM (SELECT 1 FROM audit_log
        WHERE channel IN (SELECT value FROM json_each(?)) AND outcome = 'ok' AND json_valid(after) AND json_type(after, '$.credentials') = 'object' LIMIT 1)`,
    ).get(JSON.stringify(CREDENTIAL_CHANNELS))!.n > 0
  );
}

/** The audit row that vouches, once, for operators last changed before the digests (issue 37), as they stood then. */
export const CREDENTIALS_BASELINE_CHANNEL = 'operators.baseline';

/**
 * The commands that write operators (core/audit/books.ts: setup.init, users.create, users.update, users.resetPin,
 * auth.recover, pins.sealed; db/people.ts's writers are called from these alone), and the baseline: only their
 * rows look for the operators they changed (appendAudit), and only their rows vouch for a credential.
 */
const CREDENTIAL_CHANNELS: readonly string[] = [...OPERATOR_CHANNELS.created, ...OPERATOR_CHANNELS.updated, CREDENTIALS_BASELINE_CHANNEL];

/** The newest digest the log holds for each operator it vouches for. */
export function vouchedCredentials(db: ReadableDb): Map<number, string> {
  const vouched = new Map<number, string>();
  const rows = stmt<[string], { credentials: string }>(
    db,
    `SELECT json_extract(after, '$.credentials') AS credentials FROM audit_log
      WHERE channel IN (SELECT value FROM json_each(?)) AND outcome = 'ok' AND json_valid(after) AND json_type(after, '$.credentials') = 'object'
      ORDER BY id`,
  ).all(JSON.stringify(CREDENTIAL_CHANNELS));
  for (const r of rows) for (const [id, digest] of Object.entries(JSON.parse(r.credentials) as Record<string, unknown>)) vouched.set(Number(id), String(digest));
  return vouched;
}

/**
 * At start, once per hall (at the upgrade that brought the digests): operators the log
 * holds no digest for (last changed before issue 37) are vouched for as they stand, in one
 * audit row (the upgrade is the point of trust; a change made in the file before it is not
 * told apart). Never again: not when a baseline is recorded or its row is in the log, nor
 * in a file whose log already holds digests (a hall made since, or already upgraded);
 * an operator put in the file by hand after it stays unvouched (credentialVouched).
 * Call it before anything else at start writes digests (the seal of the PIN hashes), with the dispatcher's
 * audited path's `append` (main/rpc/audited.ts): its transaction.
 */
export function baselineCredentials(db: WritableDb, o: { at: string; terminalId: string }, append: (rec: AuditRecord) => number): number {
  if (!recordsOperatorsIn(db) || !hasTable(db, 'kiosk_meta') || baselineRecorded(db)) return 0;
  if (holdsDigests(db)) {
    saveMeta(db, CREDENTIALS_BASELINE_META, '0');
    return 0;
  }
  // No digest anywhere: every operator is one of before them.
  const operators = stmt<[], OperatorCredential>(db, `${CREDENTIAL_SELECT} ORDER BY id`).all();
  if (operators.length === 0) {
    saveMeta(db, CREDENTIALS_BASELINE_META, '0');
    return 0;
  }
  const seq = append({
    at: o.at,
    operatorId: null,
    terminalId: o.terminalId,
    channel: CREDENTIALS_BASELINE_CHANNEL,
    outcome: 'ok',
    input: {},
    before: undefined,
    after: { operators: operators.map((op) => op.id) },
    credentials: Object.fromEntries(operators.map((op) => [String(op.id), credentialDigest(op)])),
  });
  saveMeta(db, CREDENTIALS_BASELINE_META, String(seq));
  return operators.length;
}

/** A command's answer as logged, with the digests of the credentials it changed (`credentials`), when it is an object. */
function afterWith(after: unknown, credentials: Record<string, string> | null): string | null {
  const redacted = after === undefined ? undefined : redact(after);
  if (credentials && redacted !== null && typeof redacted === 'object' && !Array.isArray(redacted)) return JSON.stringify({ ...redacted, credentials });
  return redacted === undefined ? null : JSON.stringify(redacted);
}

export function appendAudit(db: WritableDb, rec: AuditRecord): number {
  const last = stmt<[], { id: number; hash: string }>(db, `SELECT id, hash FROM audit_log ORDER BY id DESC LIMIT 1`).get();
  const id = (last?.id ?? 0) + 1;
  const prevHash = last?.hash ?? chainGenesis(db);
  const row = {
    id,
    at: rec.at,
    operator_id: rec.operatorId,
    terminal_id: rec.terminalId,
    channel: rec.channel,
    outcome: rec.outcome,
    input: json(rec.input) ?? 'null',
    before: json(rec.before),
    // Only the commands that write operators look for their changes: a sale reads nothing more, and an operator
    // edited by hand in the file is never vouched for by the next unrelated row (issue 37).
    after: afterWith(
      rec.after,
      rec.credentials ?? (rec.outcome === 'ok' && CREDENTIAL_CHANNELS.includes(rec.channel) ? changedCredentials(db, last?.id ?? 0) : null),
    ),
  };
  const hash = auditRowHash(prevHash, row);
  stmt(
    db,
    `INSERT INTO audit_log (id, at, operator_id, terminal_id, channel, outcome, input, before, after, prev_hash, hash)
     VALUES (@id, @at, @operator_id, @terminal_id, @channel, @outcome, @input, @before, @after, @prev_hash, @hash)`,
  ).run({ ...row, prev_hash: prevHash, hash });
  return id;
}

export interface AuditHead {
  seq: number;
  hash: string;
}

export interface AuditCheck {
  valid: boolean;
  entries: number;
  /** The id of the first row whose hash or link does not verify. */
  brokenAt: number | null;
  /** The chain's last row: printed on the Z reports and the acta, it outlives the file (issue 12). */
  head: AuditHead | null;
  /**
   * Against an anchor kept outside the file (a printed head): 'ok' when that
   * row is still there with that hash, 'truncated' when the chain no longer
   * reaches it, 'rewritten' when its hash changed. Null without an anchor.
   */
  anchor: 'ok' | 'truncated' | 'rewritten' | null;
}

/** The chain's last row now (no check). */
export function auditHead(db: ReadableDb): AuditHead | null {
  return stmt<[], AuditHead>(db, `SELECT id AS seq, hash FROM audit_log ORDER BY id DESC LIMIT 1`).get() ?? null;
}

/**
 * The chain's head as it stood at an instant: the last row written then (a
 * command's own row carries its instant), else the last one before it.
 */
export function auditHeadAt(db: ReadableDb, at: string): AuditHead | null {
  return (
    stmt<[string], AuditHead>(db, `SELECT id AS seq, hash FROM audit_log WHERE at = ? ORDER BY id DESC LIMIT 1`).get(at) ??
    stmt<[string], AuditHead>(db, `SELECT id AS seq, hash FROM audit_log WHERE id = (SELECT MAX(id) FROM audit_log WHERE at <= ?)`).get(at) ??
    null
  );
}

/** Whether an anchor's row still stands with its hash (the chain's own check is verifyAudit's). */
export function anchorState(db: ReadableDb, anchor: AuditHead): 'ok' | 'truncated' | 'rewritten' {
  const hash = stmt<[number], { hash: string }>(db, `SELECT hash FROM audit_log WHERE id = ?`).get(anchor.seq)?.hash;
  return hash === undefined ? 'truncated' : hash === anchor.hash ? 'ok' : 'rewritten';
}

export function verifyAudit(db: ReadableDb, anchor?: AuditHead): AuditCheck {
  let prev = chainGenesis(db);
  let expectedId = 1;
  let entries = 0;
  let anchored: AuditCheck['anchor'] = anchor ? 'truncated' : null;
  for (const r of db.prepare(`SELECT * FROM audit_log ORDER BY id`).iterate() as IterableIterator<StoredRow>) {
    entries++;
    if (r.id !== expectedId || r.prev_hash !== prev || auditRowHash(prev, r) !== r.hash) {
      return { valid: false, entries, brokenAt: r.id, head: null, anchor: anchored === 'truncated' ? null : anchored };
    }
    if (anchor && r.id === anchor.seq) anchored = r.hash === anchor.hash ? 'ok' : 'rewritten';
    prev = r.hash;
    expectedId++;
  }
  const head = entries > 0 ? { seq: expectedId - 1, hash: prev } : null;
  // A chain that verifies on its own but has lost or rewritten the anchored row was cut or forged whole.
  return { valid: anchored === null || anchored === 'ok', entries, brokenAt: null, head, anchor: anchored };
}

// ---- audit.list: the log a page at a time -------------------------------------------------

/** At most this many characters of a row's input, before and after: a page stays small, the log keeps the whole. */
export const AUDIT_SUMMARY_CHARS = 300;

interface AuditEntryRow {
  seq: number;
  at: string;
  channel: string;
  outcome: 'ok' | 'refused';
  operator: string | null;
  terminalId: string;
  /** The first AUDIT_SUMMARY_CHARS + 1 characters of each (one more tells it was cut). */
  input: string;
  before: string | null;
  after: string | null;
}

interface AuditFilter {
  /** [from, to) of instants (UTC ISO-8601 as stored); null: unbounded. */
  from: string | null;
  to: string | null;
  channel: string | null;
}

const AUDIT_ENTRY_SELECT = `SELECT a.id AS seq, a.at, a.channel, a.outcome, o.username AS operator, a.terminal_id AS terminalId,
    substr(a.input, 1, ${AUDIT_SUMMARY_CHARS + 1}) AS input, substr(a.before, 1, ${AUDIT_SUMMARY_CHARS + 1}) AS before,
    substr(a.after, 1, ${AUDIT_SUMMARY_CHARS + 1}) AS after
  FROM audit_log a LEFT JOIN operators o ON o.id = a.operator_id`;

const auditBounds = (f: AuditFilter) => ({ from: f.from ?? '', to: f.to ?? '\uffff' });

/** The instant of a row of the log (a page's cursor is its seq: the key is (at, seq)). */
export function auditRowAt(db: ReadableDb, seq: number): string | undefined {
  return stmt<[number], { at: string }>(db, `SELECT at FROM audit_log WHERE id = ?`).get(seq)?.at;
}

/**
 * A page of the log, newest first by (at, seq), before the row `before`
 * (null: from the newest), at most `limit` rows: a range of audit_log_by_time,
 * or of audit_log_by_channel for one channel (migration 0015; EXPLAIN in
 * main/services/audit/list.test.ts), never a scan and a sort.
 */
// One upper bound for the index range, @upper: the period's end or just past the cursor's instant, whichever is first
// (the row value alone would only filter, and a deep page would walk every row above it).
const AUDIT_PAGE_WHERE = `a.at >= @from AND a.at < @upper AND (a.at, a.id) < (@cAt, @cSeq) ORDER BY a.at DESC, a.id DESC LIMIT @limit`;
/** A page of the whole log, and of one channel's rows (exported for their query plans' test). */
export const AUDIT_PAGE_SQL = `${AUDIT_ENTRY_SELECT} WHERE ${AUDIT_PAGE_WHERE}`;
export const AUDIT_CHANNEL_PAGE_SQL = `${AUDIT_ENTRY_SELECT} WHERE a.channel = @channel AND ${AUDIT_PAGE_WHERE}`;

export function auditEntries(db: ReadableDb, f: AuditFilter & { before: { at: string; seq: number } | null; limit: number }): AuditEntryRow[] {
  const { from, to } = auditBounds(f);
  // The least text after the cursor's instant: `at < upper` is `at <= cursor's at`.
  const pastCursor = f.before ? `${f.before.at}\u0000` : to;
  const params = { from, upper: pastCursor < to ? pastCursor : to, cAt: f.before?.at ?? '\uffff', cSeq: f.before?.seq ?? 0, limit: f.limit };
  return f.channel === null
    ? stmt<typeof params, AuditEntryRow>(db, AUDIT_PAGE_SQL).all(params)
    : stmt<typeof params & { channel: string }, AuditEntryRow>(db, AUDIT_CHANNEL_PAGE_SQL).all({ ...params, channel: f.channel });
}

/** How many rows of the log the filter holds now (an index range counted). */
export function auditCount(db: ReadableDb, f: AuditFilter): number {
  const b = auditBounds(f);
  return f.channel === null
    ? stmt<typeof b, { n: number }>(db, `SELECT COUNT(*) AS n FROM audit_log WHERE at >= @from AND at < @to`).get(b)!.n
    : stmt<typeof b & { channel: string }, { n: number }>(db, `SELECT COUNT(*) AS n FROM audit_log WHERE channel = @channel AND at >= @from AND at < @to`).get({
        ...b,
        channel: f.channel,
      })!.n;
}
