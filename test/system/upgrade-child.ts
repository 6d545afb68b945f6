/**
 * A program that opens a database as the kiosk does and migrates it, with a
 * migration of the test's after this program's own (upgrade.test.ts): inside
 * that migration's transaction, after its SQL, it says `migrating` on stdout
 * and waits there for ever, the write lock held, until the test kills it.
 *
 *   node --import tsx test/system/upgrade-child.ts <database file>
 */
import { writeSync } from 'node:fs';
import { openDatabase } from '../../db/connection.js';
import { probeMigration, withProbe } from './upgrade-probe.js';

const file = process.argv[2];
if (!file) throw new Error('usage: upgrade-child.ts <database file>');

openDatabase(file, {
  migrations: withProbe(),
  duringMigration: (m) => {
    if (m.name !== probeMigration().name) return;
    writeSync(1, 'migrating\n');
    // A sleep with no end: the migration's transaction stays open, its write lock held, until SIGKILL.
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0);
  },
});
throw new Error('the migration went through: the test was to kill it inside');
