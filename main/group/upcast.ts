/**
 * The group's contract (issue 39): entries that reached the group without
 * facts (shipped before facts travelled, or by a hall's older shipper) are
 * upcast to version 0: their facts derived by the group from the raw rows
 * and the audit row they carry, with the hall's mapping of those rows
 * (core/group-contract/hall-rows.ts). group:verify derives them again and
 * compares, so they prove themselves; the report then reads one kind of
 * thing, facts, whatever the entry's age.
 */
import { CONTRACT_DERIVED } from '../../core/group-contract/facts.js';
import type { GroupPool } from '../../db/group/client.js';
import { entriesToUpcast, setUpcastFacts } from '../../db/group/journal.js';
import { derivedFacts } from './recompute.js';

/** Entries upcast per statement. */
const UPCAST_BATCH = 2_000;

/** Every entry without facts given its derived ones; how many. An entry whose rows do not map is left as it is (group:verify names it). */
export async function upcastGroup(pool: GroupPool): Promise<number> {
  let done = 0;
  const skipped = new Set<string>();
  for (;;) {
    const rows = (await entriesToUpcast(pool, UPCAST_BATCH + skipped.size)).filter((r) => !skipped.has(`${r.hallId}/${r.seq}`));
    if (rows.length === 0) return done;
    const upcast = rows.flatMap((r) => {
      try {
        return [{ hallId: r.hallId, seq: r.seq, recordedAt: r.recordedAt, facts: derivedFacts(r) }];
      } catch {
        skipped.add(`${r.hallId}/${r.seq}`);
        return [];
      }
    });
    await setUpcastFacts(pool, CONTRACT_DERIVED, upcast);
    done += upcast.length;
  }
}
