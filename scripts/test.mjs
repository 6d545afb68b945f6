#!/usr/bin/env node
// `npm test`: lint, type-check, unit and integration tests, the slow system
// tests, then the end-to-end tests in Debian's Chromium against browser mode.
// `npm run test:unit` alone is the fast loop.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The system tests of the group's journal make a database of their own on this server (test/postgres.ts). */
const POSTGRES = process.env.KIOSK_TEST_PG_URL || 'postgres://root@127.0.0.1:5432/postgres';

/** Whether PostgreSQL answers at POSTGRES (a real query, through the driver the journal uses). */
function postgresAnswers() {
  const probe = `const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1],connectionTimeoutMillis:3000});c.connect().then(()=>c.query('SELECT 1')).then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1));`;
  return spawnSync(process.execPath, ['-e', probe, POSTGRES], { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

const steps = [
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['type-check (Electron)', 'npx', ['tsc', '-p', 'tsconfig.electron.json', '--noEmit']],
  ['unit and integration tests', 'npx', ['vitest', 'run', '--project', 'unit']],
  ['system tests (crash, concurrency, printer faults, bench smoke)', 'npx', ['vitest', 'run', '--project', 'system']],
  ['renderer build', 'npx', ['vite', 'build', '--logLevel', 'warn']],
  ['end-to-end tests', 'npx', ['vitest', 'run', '--project', 'e2e']],
];

for (const [name, cmd, args] of steps) {
  if (name === 'end-to-end tests' && !existsSync(CHROMIUM)) {
    console.error(
      `\nThe end-to-end tests need Chromium at ${CHROMIUM} and it is not there.\n` +
        `Install Debian's Chromium:  sudo apt-get update && sudo apt-get install -y chromium\n` +
        `(or set CHROMIUM_PATH to another Chromium binary), then run npm test again.`,
    );
    process.exit(1);
  }
  if (name.startsWith('system tests') && !postgresAnswers()) {
    console.error(
      `\nThe system tests of the group's journal need PostgreSQL at ${POSTGRES} and it does not answer.\n` +
        `Start the machine's server:  sudo pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n` +
        `or install one:  sudo apt-get install -y postgresql  (then allow your user, as README says),\n` +
        `or set KIOSK_TEST_PG_URL to a server where this user may create databases, then run npm test again.`,
    );
    process.exit(1);
  }
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: CHROMIUM } });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
