/** The terminals domain's slice of the contract: the hall's enrolled counters (enrol by a one-time code, list, revoke). */
import { z } from 'zod';
import type { Role } from '../roles.js';
import { channel, isoTime, MANAGERS } from '../schema.js';

const ADMINS: readonly Role[] = ['admin'];

/** A terminal's name as typed: the rules say whether it is a valid terminal id (a typed refusal, not a schema's). */
const terminalName = z.string().trim().min(1).max(64);

const terminalSchema = z.object({
  name: z.string(),
  /** `sha256:<64 hex>` of its certificate's DER. */
  fingerprint: z.string(),
  enrolledAt: isoTime,
  lastSeenAt: isoTime.nullable(),
  revokedAt: isoTime.nullable(),
  /** The code the counter showed at its enrolment (`123 456`, from both fingerprints): the same here; null before the terminals port first started. */
  confirmation: z.string().nullable(),
});

export const terminalsContract = {
  'terminal.enroll': channel({
    secretAnswer: true,
    summary:
      'A one-time code (10 minutes) for a counter to enrol as terminal `name` at the hall server\'s terminals port (with the hall\'s fingerprint, which the counter pins).',
    kind: 'command',
    topics: ['terminals'],
    roles: ADMINS,
    input: z.object({ name: terminalName }).strict(),
    output: z.object({
      name: z.string(),
      /** Shown XXXX-XXXX-XXXX; typed at the counter with --enroll. */
      code: z.string(),
      expiresAt: isoTime,
      /** The hall server's certificate fingerprint (`sha256:…`), for the counter's --fingerprint; null before the terminals port first started. */
      hallFingerprint: z.string().nullable(),
      /**
       * Where the counters reach this post's terminals port, for the counter's --hall: `https://ADDR:PORT` for the
       * address it is bound to, or, bound to every address, for each IPv4 address of the post on its network; empty
       * where this post runs no terminals port (a standalone kiosk).
       */
      hallUrls: z.array(z.string()),
      /** A data folder of the counter's own for its --data-dir (relative to where its command runs). */
      counterDataDir: z.string(),
    }),
  }),
  'terminal.list': channel({
    summary: 'The hall\'s enrolled terminals, revoked ones included: name, fingerprint, enrolled, last seen, revoked.',
    kind: 'query',
    topics: ['terminals'],
    roles: MANAGERS,
    input: z.object({}).strict(),
    output: z.array(terminalSchema),
  }),
  'terminal.revoke': channel({
    summary: 'Revoke an enrolled terminal at once: its open connections are dropped and its next call is refused.',
    kind: 'command',
    topics: ['terminals'],
    roles: ADMINS,
    input: z.object({ name: terminalName }).strict(),
    output: z.object({ name: z.string(), revokedAt: isoTime }),
  }),
};
