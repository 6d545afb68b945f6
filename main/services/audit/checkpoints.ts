/** The hall's signed books: its keys and its checkpoints of the audit log (the inspector's export). */
import { currentHallKey, hallKeys, lastCheckpoint } from '../../../db/transparency.js';
import { checkpointView, signCheckpoint } from '../shared/checkpoint.js';
import { command, done, query, type HandlerSlice } from '../shared/context.js';

const keyView = (k: { keyId: string; verifierKey: string; createdAt: string; rotationNote: string | null }) => ({
  keyId: k.keyId,
  verifierKey: k.verifierKey,
  createdAt: k.createdAt,
  rotationNote: k.rotationNote,
});

export const checkpointHandlers: HandlerSlice<'audit.keys' | 'audit.checkpoint'> = {
  'audit.keys': query((ctx) => {
    const keys = hallKeys(ctx.db).map(keyView);
    // Recorded at every start; a start on a full disk records it at the next: the key in use is the signer's.
    const current = currentHallKey(ctx.db);
    const signer = ctx.keys.current();
    const inUse = current && current.verifierKey === signer.verifierKey ? keyView(current) : { keyId: signer.keyId, verifierKey: signer.verifierKey, createdAt: ctx.at, rotationNote: null };
    const last = lastCheckpoint(ctx.db);
    return { current: inUse, keys, lastCheckpoint: last ? checkpointView(last) : null };
  }),
  'audit.checkpoint': command((ctx) => {
    const signed = signCheckpoint(ctx, ctx.keys.current(), { reason: 'demand', ref: null });
    return done(signed, { after: { id: signed.id, size: signed.size, rootHash: signed.rootHash, keyId: signed.keyId } });
  }),
};
