/** The hall's signed books: its keys and its checkpoints of the audit log (the inspector's export). */
import { KioskError } from '../../../core/errors.js';
import { currentHallKey, hallKeys, lastCheckpoint } from '../../../db/transparency.js';
import { checkpointView, signCheckpoint } from '../shared/signing/checkpoint.js';
import { command, commandWith, done, finishAfterCommit, query, type HandlerSlice } from '../shared/context.js';
import { adoptNextHallKey, prepareNextHallKey } from '../shared/signing/hall-key.js';
import { recordHallKey } from '../shared/signing/hall-keyring.js';

const keyView = (k: { keyId: string; verifierKey: string; createdAt: string; rotationNote: string | null }) => ({
  keyId: k.keyId,
  verifierKey: k.verifierKey,
  createdAt: k.createdAt,
  rotationNote: k.rotationNote,
});

export const checkpointHandlers: HandlerSlice<'audit.keys' | 'audit.checkpoint' | 'audit.rotateKey'> = {
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
  /**
   * A rotation (an admin's): the next key is written beside the current one first (before the transaction: key
   * generation and a file write); in the transaction the old key signs a last checkpoint whose extension names the
   * new key (`key-rotation <verifier key>`), and the new key is recorded with that note; once committed, the new
   * key replaces the old file, which is gone, and signs from then on. A rotation that does not commit leaves the
   * next key unrecorded: dropped at the next start.
   */
  'audit.rotateKey': commandWith(
    async (ctx) => prepareNextHallKey(ctx.dataDir, ctx.keys.current().name),
    (ctx, _input, next) => {
      const old = ctx.keys.current();
      if (currentHallKey(ctx.db)?.verifierKey !== old.verifierKey) throw new KioskError('HALL_KEY_CHANGED');
      const checkpoint = signCheckpoint(ctx, old, { reason: 'rotation', ref: null, extensions: [`key-rotation ${next.verifierKey}`] });
      recordHallKey(ctx.audit, ctx.db, next, { at: ctx.at, terminalId: ctx.terminalId, operatorId: ctx.operator?.id ?? null, rotationNote: checkpoint.note, reason: 'rotation' });
      const previous = hallKeys(ctx.db).find((k) => k.verifierKey === old.verifierKey);
      const value = {
        previous: previous ? keyView(previous) : { keyId: old.keyId, verifierKey: old.verifierKey, createdAt: ctx.at, rotationNote: null },
        current: { keyId: next.keyId, verifierKey: next.verifierKey, createdAt: ctx.at, rotationNote: checkpoint.note },
        checkpoint,
      };
      return finishAfterCommit(
        () => {
          adoptNextHallKey(ctx.dataDir, next);
          ctx.keys.replace(next);
          return value;
        },
        { after: { previous: old.keyId, current: next.keyId, checkpoint: checkpoint.id } },
      );
    },
  ),
};
