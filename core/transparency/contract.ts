/** The hall's signed books on the contract: its checkpoints and its keys. */
import { z } from 'zod';
import { channel, empty, id, isoTime, MANAGERS, signedCheckpointSchema } from '../schema.js';

const hallKeySchema = z.object({
  keyId: z.string(),
  verifierKey: z.string(),
  createdAt: isoTime,
  /** A rotation's note signed by the key before; null for the first key or one found without a record. */
  rotationNote: z.string().nullable(),
});

export const transparencyContract = {
  'audit.rotateKey': channel({
    summary: "Replace the hall's signing key: the old key signs a last checkpoint naming the new one, then is gone.",
    kind: 'command',
    topics: ['acta'],
    roles: ['admin'],
    input: empty,
    output: z.object({ previous: hallKeySchema, current: hallKeySchema, checkpoint: signedCheckpointSchema }),
  }),
  'audit.keys': channel({
    summary: "The hall's signing keys, the one in use last, and its newest checkpoint.",
    kind: 'query',
    topics: ['acta'],
    roles: MANAGERS,
    input: empty,
    output: z.object({ current: hallKeySchema, keys: z.array(hallKeySchema), lastCheckpoint: signedCheckpointSchema.nullable() }),
  }),
  'audit.checkpoint': channel({
    summary: 'Sign a checkpoint of the audit log now (an inspector asks for one).',
    kind: 'command',
    topics: ['acta'],
    roles: MANAGERS,
    input: empty,
    output: signedCheckpointSchema,
  }),
  'session.exports': channel({
    summary: 'The closed sessions an inspector may take away (each with the checkpoint signed at its close), newest first.',
    kind: 'query',
    topics: ['session', 'acta'],
    roles: MANAGERS,
    input: empty,
    output: z.object({
      sessions: z.array(z.object({ sessionId: id, openedAt: isoTime, closedAt: isoTime, entries: z.number().int(), keyId: z.string() })),
    }),
  }),
  'session.export': channel({
    summary:
      "A closed session's books for the inspector as one ZIP (entries with their proofs, the signed checkpoints and keys, every document, the acta in JSON and PDF, an offline check page), built off the main thread with progress and written to the data folder's exports/; audited (who, which session, the file's name and SHA-256).",
    kind: 'command',
    topics: [],
    // The answer is the whole ZIP: never kept with a key (sent again, it is another export, audited again).
    unkeyed: true,
    roles: MANAGERS,
    input: z.object({ sessionId: id }).strict(),
    output: z.object({ filename: z.string(), path: z.string(), bytes: z.number().int(), entries: z.number().int(), base64: z.string() }),
  }),
};
