/**
 * The group's programs (group:verify, group:report, group:witness): what only
 * the group runs against its PostgreSQL. The hall's shipper is main/journal/;
 * this folder shares with it the link (main/journal/pool.ts) and the entry's
 * digest (main/journal/digest.ts), and nothing of the hall's posts.
 */
import { connectGroup, type Group } from '../journal/pool.js';
import { summarizeBacklog } from './summarize.js';
import { upcastGroup } from './upcast.js';

export type { Group } from '../journal/pool.js';
export { verifyGroup, type GroupCheck, type HallCheck } from './verify.js';

/**
 * The group's database opened for its programs: no deadline on its calls (only on the connection's start), and
 * entries still without facts upcast first (./upcast.ts): the group's programs read facts alone; then the
 * summaries' backlog summed (./summarize.ts): the report reads summaries.
 */
export function openGroup(url: string): Promise<Group> {
  return connectGroup(url, {}, async (pool) => {
    await upcastGroup(pool);
    await summarizeBacklog(pool);
  });
}
