/**
 * How an audit row is written outside a command's own row: the dispatcher (main/rpc/) hands these out, in
 * its transaction. Apart from context.ts so that the parts the context names (the hall's keyring) can take
 * them without importing the context back.
 */
import type { AuditRecord } from '../../../db/audit.js';

/**
 * An audit row appended in the dispatcher's transaction, handed out by the dispatcher alone (main/rpc/): a
 * command's further row (a hall key its checkpoint records), a refusal that commits (a wrong PIN), the start's own
 * acts. Nothing else writes audit rows (lint: boundaries/audit).
 */
export type AppendAudit = (rec: AuditRecord) => number;

/** The dispatcher's audited path for what is no caller's command (the start's own acts): one transaction, its audit rows in it. */
export type AuditedWrite = <T>(write: (audit: AppendAudit) => T) => T;
