/** The hall's signed books on the contract: its checkpoints and its keys. */
import { z } from 'zod';
import { channel, empty, isoTime, MANAGERS, signedCheckpointSchema } from '../schema.js';

export const hallKeySchema = z.object({
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
};
