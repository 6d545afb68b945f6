/** `journal:ship`: the hall's journal shipped to the group's database, once or following (usage in main/cli.ts). */
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { DATABASE_FILE } from '../kiosk.js';
import { cosignatureKeeper, shipOnce, startShipper } from '../journal/shipper.js';
import { journalStateText } from '../../core/audit/journal-state.js';
import { hallIdentity } from '../../db/journal.js';
import { openReader } from '../../db/connection.js';
import { dataDirOf, databaseUrlOf } from './options.js';

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: { 'data-dir': { type: 'string' }, 'database-url': { type: 'string' }, follow: { type: 'boolean', default: false }, batch: { type: 'string' } },
    strict: true,
  });
  const dataDir = dataDirOf(values);
  const url = databaseUrlOf(values);
  const batch = values.batch === undefined ? undefined : Number(values.batch);
  if (batch !== undefined && !(Number.isInteger(batch) && batch >= 1 && batch <= 10_000)) {
    console.error('--batch N: de 1 a 10000 entradas por transação.');
    process.exit(2);
  }
  const file = join(dataDir, DATABASE_FILE);
  if (!existsSync(file)) {
    console.error(`Não há base de dados em ${file}.`);
    process.exit(2);
  }
  // The kiosk's own shipper (main/journal/shipper.ts), once or following: entries, then checkpoints, then the
  // group's cosignatures, kept in the hall's file.
  if (!values.follow) {
    console.log(JSON.stringify(await shipOnce({ file, url, batch })));
    return;
  }
  const reader = openReader(file);
  const zone = hallIdentity(reader).timeZone;
  reader.close();
  const keeper = cosignatureKeeper(file);
  let told = '';
  const shipper = startShipper({
    file,
    url,
    batch,
    onState: (s) => {
      // Each change of kind said once (and the backlog while it is out of reach), on the hall's clock.
      const text = journalStateText(s, zone);
      const kind = s.state === 'unreachable' ? text : s.state;
      if (kind === told) return;
      told = kind;
      (s.state === 'unreachable' || s.state === 'diverged' ? console.error : console.log)(text);
    },
    onCosignatures: (rows) => {
      const kept = keeper.keep(rows, new Date());
      if (kept > 0) console.log(`${kept} cossinaturas do grupo guardadas.`);
    },
    onFailed: (message) => {
      console.error(`O envio ao grupo parou: ${message}`);
      process.exitCode = 1;
      stop();
    },
  });
  // The worker does not hold the process (beside a kiosk, its server does): this does, until stopped.
  const alive = setInterval(() => undefined, 60_000);
  let stopping = false;
  function stop() {
    if (stopping) return;
    stopping = true;
    void shipper.stop().then(() => {
      keeper.close();
      clearInterval(alive);
    });
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) process.once(signal, stop);
}
