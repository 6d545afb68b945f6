/** `group:report`: the group's report from its database alone (usage in main/cli.ts). */
import { writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { refusalText } from '../../core/errors.js';
import { openGroup } from '../group/index.js';
import { lagWords, openGroupReplica, replicaLag } from '../group/replica.js';
import { readGroupReport, reportText } from '../group/report.js';
import { reportFormat, reportPeriod } from '../../core/group-report.js';
import { DEFAULT_HALL_TIME_ZONE, hallDay } from '../../core/time.js';
import { databaseUrlOf } from './options.js';

export async function run(argv: string[]): Promise<void> {
  let values: { 'database-url'?: string; 'replica-url'?: string; from?: string; to?: string; format?: string; out?: string };
  try {
    values = parseArgs({
      args: argv,
      options: { 'database-url': { type: 'string' }, 'replica-url': { type: 'string' }, from: { type: 'string' }, to: { type: 'string' }, format: { type: 'string' }, out: { type: 'string' } },
      strict: true,
    }).values;
  } catch (e) {
    console.error(`${e instanceof Error ? e.message : String(e)}\nUso: group:report --database-url URL [--replica-url URL] [--from AAAA-MM-DD] [--to AAAA-MM-DD] --format json|csv|html [--out FICHEIRO]`);
    process.exit(2);
  }
  const url = databaseUrlOf(values);
  let period;
  let format;
  try {
    format = reportFormat(values.format);
    // Today as Lisbon counts it: each hall's days are then counted on its own clock.
    period = reportPeriod({ from: values.from, to: values.to }, hallDay(new Date(), DEFAULT_HALL_TIME_ZONE));
  } catch (e) {
    console.error(refusalText(e));
    process.exit(2);
  }
  const group = await openGroup(url);
  // Read from the replica when one is named; how far behind it is goes to stderr (stdout is the report).
  let replica;
  try {
    replica = values['replica-url'] ? await openGroupReplica(values['replica-url']) : null;
  } catch (e) {
    await group.close();
    console.error(e instanceof Error ? e.message : String(e));
    process.exit(1);
  }
  try {
    if (replica) for (const line of lagWords(await replicaLag(replica.pool, group.pool))) console.error(line);
    const text = reportText(await readGroupReport((replica ?? group).pool, period), format);
    if (values.out) writeFileSync(values.out, text);
    else process.stdout.write(text);
  } finally {
    await replica?.close();
    await group.close();
  }
}
