/**
 * The summaries' backlog (issue 43): entries the shipper stored without
 * summing them (a hall shipped before the group kept summaries, an entry that
 * waited for its upcast, and every one after it) summed in the hall's order,
 * a batch per transaction, under the hall's row lock the shipper takes for
 * each batch: the two never sum the same entry.
 */
import type { GroupPool } from '../../db/group/client.js';
import { groupHalls, groupHead } from '../../db/group/journal.js';
import { entriesToSummarize, summarizeEntries } from '../../db/group/summaries.js';

const SUMMARY_BATCH = 5_000;

/** Every hall's summaries brought up to what can be summed; how many entries were. `progress` hears each batch. */
export async function summarizeBacklog(pool: GroupPool, progress?: (done: number, behind: number) => void): Promise<number> {
  const halls = await groupHalls(pool);
  const behind = halls.reduce((n, h) => n + Math.max(0, h.headSeq - h.summarizedSeq), 0);
  let done = 0;
  for (const { hallId, summarizedSeq, headSeq } of halls) {
    if (summarizedSeq >= headSeq) continue;
    for (;;) {
      const c = await pool.connect();
      let summed = 0;
      try {
        await c.query('BEGIN');
        const head = await groupHead(c, hallId, true);
        const entries = await entriesToSummarize(c, hallId, head.summarizedSeq, SUMMARY_BATCH);
        await summarizeEntries(c, hallId, head.timeZone, entries);
        await c.query('COMMIT');
        summed = entries.length;
      } catch (e) {
        await c.query('ROLLBACK').catch(() => undefined);
        throw e;
      } finally {
        c.release();
      }
      if (summed === 0) break;
      done += summed;
      progress?.(done, behind);
    }
  }
  return done;
}
