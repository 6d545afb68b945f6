/**
 * The terminals domain: enrolment codes, the list of the hall's terminals,
 * revocation; and the redemption of a code, which only the hall server's
 * terminals port calls (POST /enroll: the caller has no operator and no
 * certificate yet), never a channel of the contract.
 */
import { createHash, randomBytes } from 'node:crypto';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { ChannelOutput } from '../../../core/contract.js';
import { KioskError } from '../../../core/errors.js';
import {
  assertCodeRedeemable,
  assertEnrollable,
  assertRevocable,
  counterDataDirOf,
  enrolmentCodeOf,
  enrolmentExpiry,
  formatEnrolmentCode,
  HALL_SERVER_CERT_FILE,
  normaliseEnrolmentCode,
} from '../../../core/terminals/rules.js';
import type { ReadableDb } from '../../../db/connection.js';
import {
  allTerminals,
  enrolmentCodeByHash,
  insertEnrolmentCode,
  insertTerminal,
  newestTerminalNamed,
  revokeTerminal,
  touchTerminal,
  useEnrolmentCode,
  type TerminalRow,
} from '../../../db/terminals.js';
import { command, done, finishAfterCommit, operatorOf, query, type HandlerSlice, type MachineDispatch, type MachineHandlers } from '../shared/context.js';
import { confirmationCode } from './confirmation.js';

type TerminalView = ChannelOutput<'terminal.list'>[number];

const view = (t: TerminalRow, hall: string | null = null): TerminalView => ({
  name: t.name,
  fingerprint: t.fingerprint,
  enrolledAt: t.enrolledAt,
  lastSeenAt: t.lastSeenAt,
  revokedAt: t.revokedAt,
  confirmation: hall === null ? null : confirmationCode(hall, t.fingerprint),
});

export const codeHash = (code: string): string => createHash('sha256').update(normaliseEnrolmentCode(code)).digest('hex');

/** The hall server's certificate fingerprint from its file in the data folder (sha256 of its DER); null before the terminals port first started. */
export function hallFingerprint(dataDir: string): string | null {
  const file = join(dataDir, HALL_SERVER_CERT_FILE);
  if (!existsSync(file)) return null;
  const m = /-----BEGIN CERTIFICATE-----([\s\S]+?)-----END CERTIFICATE-----/.exec(readFileSync(file, 'utf8'));
  if (!m) return null;
  return `sha256:${createHash('sha256').update(Buffer.from(m[1]!.replace(/\s+/g, ''), 'base64')).digest('hex')}`;
}

export const terminalsHandlers: HandlerSlice<'terminal.enroll' | 'terminal.list' | 'terminal.revoke'> = {
  'terminal.enroll': command((ctx, input) => {
    assertEnrollable(input.name, ctx.homeTerminalId, newestTerminalNamed(ctx.db, input.name));
    const code = enrolmentCodeOf(randomBytes(16));
    const expiresAt = enrolmentExpiry(ctx.now);
    insertEnrolmentCode(ctx.db, { codeHash: codeHash(code), terminalName: input.name, at: ctx.at, by: operatorOf(ctx).id, expiresAt });
    // The code is shown once and never kept (its hash only), nor written in the audit log.
    const enrolment = { name: input.name, code: formatEnrolmentCode(code), expiresAt, hallFingerprint: hallFingerprint(ctx.dataDir), counterDataDir: counterDataDirOf(input.name) };
    // The addresses the terminals port listens on are the running post's (io), read once the code is committed: the command shown is copied as is.
    return finishAfterCommit((q) => ({ ...enrolment, hallUrls: q.io.post().hall?.addresses ?? [] }), { after: { name: input.name, expiresAt } });
  }),

  'terminal.list': query((ctx) => {
    const hall = hallFingerprint(ctx.dataDir);
    return allTerminals(ctx.db).map((t) => view(t, hall));
  }),

  'terminal.revoke': command((ctx, input) => {
    const newest = newestTerminalNamed(ctx.db, input.name);
    assertRevocable(input.name, newest);
    revokeTerminal(ctx.db, newest!.id, ctx.at, operatorOf(ctx).id);
    // Its operators' sessions end with it: a terminal enrolled again under the name starts with none.
    ctx.sessions.endAllAt(input.name);
    return done(
      { name: input.name, revokedAt: ctx.at },
      { before: view(newest!), after: { name: input.name, fingerprint: newest!.fingerprint, revokedAt: ctx.at } },
    );
  }),
};

/** The audit row's channel of a redemption (not a channel of the contract: only POST /enroll redeems). */
export const REDEEM_AUDIT_CHANNEL = 'terminal.redeem';

interface Redemption {
  terminalId: string;
  certificate: string;
  fingerprint: string;
  serial: string;
}

/**
 * A counter redeems its code: the code is checked, the certificate issued
 * (slow: a signature, outside any transaction), then the machine command
 * terminal.redeem (machineHandlers below) marks the code used in ONE
 * transaction of the dispatcher, only if it still is unused and unexpired,
 * and inserts the terminal, with its audit row. Two redemptions of one code
 * at once: the second finds it used and is refused (its certificate is
 * never stored).
 */
export async function redeemEnrolmentCode(
  db: ReadableDb,
  deps: {
    now: () => Date;
    issue: (terminalId: string, publicKey: string, at: Date) => Promise<{ pem: string; fingerprint: string; serial: string }>;
    /** The dispatcher's machine commands (the kiosk's `machine`). */
    machine: MachineDispatch;
  },
  input: { code: string; publicKey: string },
): Promise<Redemption> {
  const found = enrolmentCodeByHash(db, codeHash(input.code));
  assertCodeRedeemable(found, deps.now());
  const name = found!.terminalName;
  const issued = await deps.issue(name, input.publicKey, deps.now());
  await deps.machine('terminal.redeem', { code: input.code, name, certificate: { fingerprint: issued.fingerprint, serial: issued.serial } }, { terminalId: name });
  return { terminalId: name, certificate: issued.pem, fingerprint: issued.fingerprint, serial: issued.serial };
}

/** The terminals port's machine commands: a redemption (audited) and a terminal's last call (not an act of the books). */
export const terminalsMachine: Pick<MachineHandlers, 'terminal.redeem' | 'terminal.seen'> = {
  'terminal.redeem': {
    kind: 'machine',
    run(ctx, input) {
      // Read again inside the write lock: another redemption (or the clock) may have moved since.
      const code = enrolmentCodeByHash(ctx.db, codeHash(input.code));
      assertCodeRedeemable(code, ctx.now);
      // The certificate was issued for the code's own terminal.
      if (code!.terminalName !== input.name) throw new KioskError('ENROLMENT_CODE_USED');
      const name = code!.terminalName;
      assertEnrollable(name, '', newestTerminalNamed(ctx.db, name));
      const terminalId = insertTerminal(ctx.db, { name, fingerprint: input.certificate.fingerprint, serial: input.certificate.serial, at: ctx.at });
      if (useEnrolmentCode(ctx.db, code!.id, ctx.at, terminalId) !== 1) throw new KioskError('ENROLMENT_CODE_USED');
      return {
        value: { terminalId: name },
        // The code's id, never the code: the log names what was redeemed, not the secret that redeemed it.
        audit: { terminalId: name, input: { codeId: code!.id }, after: { name, fingerprint: input.certificate.fingerprint, serial: input.certificate.serial } },
        topics: ['terminals'],
      };
    },
  },
  'terminal.seen': {
    kind: 'machine',
    run(ctx, input) {
      touchTerminal(ctx.db, input.terminalId, input.at);
      return { value: null };
    },
  },
};
