/** Operational events the kiosk tells its screens, as log lines too: the disk refused or writing again. */
import type { StorageState } from '../../core/audit/contract.js';
import type { Log } from './log.js';

/**
 * The disk's state as the last write found it, logged at each change (the kiosk's health event): full or failing
 * as an error, writing again as info. The kiosk's own words go on to stderr as before.
 */
export function logStorage(kiosk: { storage(): StorageState; onEvent(listener: (event: { type: string; channel?: string }) => void): () => void }, log: Log): () => void {
  let last = kiosk.storage().storage;
  if (last !== 'ok') log.error({ storage: last, since: kiosk.storage().since }, 'storage refused at start');
  return kiosk.onEvent((event) => {
    if (event.type !== 'changed' || event.channel !== 'system.health') return;
    const now = kiosk.storage();
    if (now.storage === last) return;
    last = now.storage;
    if (now.storage === 'ok') log.info({ storage: 'ok' }, 'storage writing again');
    else log.error({ storage: now.storage, since: now.since }, 'storage refused');
  });
}
