#!/usr/bin/env node
// `npm test`: lint, type-check, unit and integration tests, the slow system
// tests, then the end-to-end tests in Debian's Chromium against browser mode.
// `npm run test:unit` alone is the fast loop.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';
/** The system tests of the group's journal make a database of their own on this server (test/postgres.ts). */
const POSTGRES = process.env.KIOSK_TEST_PG_URL || 'postgres://root@127.0.0.1:5432/postgres';

/** Whether PostgreSQL answers at POSTGRES (a real query, through the driver the journal uses). */
function postgresAnswers() {
  const probe = `const pg=require('pg');const c=new pg.Client({connectionString:process.argv[1],connectionTimeoutMillis:3000});c.connect().then(()=>c.query('SELECT 1')).then(()=>c.end()).then(()=>process.exit(0),()=>process.exit(1));`;
  return spawnSync(process.execPath, ['-e', probe, POSTGRES], { stdio: 'ignore', timeout: 10_000 }).status === 0;
}

/** The checks that read the sources only: run side by side (each is mostly one core, and none waits on another). */
const checks = [
  ['lint', 'npx', ['eslint', '--max-warnings', '0', '.']],
  ['type-check', 'npx', ['tsc', '-p', 'tsconfig.json']],
  ['type-check (Electron)', 'npx', ['tsc', '-p', 'tsconfig.electron.json', '--noEmit']],
  // The production build (the renderer, and dist/main that the tests start: KIOSK_TEST_BUILT below).
  ['build', process.execPath, ['scripts/build.mjs']],
];

const steps = [
  ['unit and integration tests', 'npx', ['vitest', 'run', '--project', 'unit', '--project', 'unit-mocking']],
  ['system tests (crash, concurrency, printer faults, bench smoke, the production package installed and run)', 'npx', ['vitest', 'run', '--project', 'system']],
  ['end-to-end tests', 'npx', ['vitest', 'run', '--project', 'e2e']],
  ['end-to-end tests that measure time, alone', 'npx', ['vitest', 'run', '--project', 'e2e-alone']],
];

// KIOSK_TEST_BUILT: the tests start dist/main/cli.js, built above from these sources, not the sources under tsx
// (test/program.ts): about half the CPU time at each of their ~100 starts of the program.
const env = { ...process.env, CHROMIUM_PATH: CHROMIUM, KIOSK_TEST_BUILT: '1', FORCE_COLOR: process.env.FORCE_COLOR ?? (process.stdout.isTTY ? '1' : '0') };
const seconds = (since) => ((Date.now() - since) / 1000).toFixed(1);

/** One check, its output kept and printed whole once it ends (so the four do not interleave). */
function check([name, cmd, args]) {
  const started = Date.now();
  return new Promise((done) => {
    const child = spawn(cmd, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (c) => (output += c));
    child.stderr.on('data', (c) => (output += c));
    child.on('close', (code, signal) => done({ name, code, signal, output, took: seconds(started) }));
  });
}

// What the tests need from the machine, asked first: said before ten minutes of tests, not after.
if (!existsSync(CHROMIUM)) {
  console.error(
    `\nThe end-to-end tests need Chromium at ${CHROMIUM} and it is not there.\n` +
      `Install Debian's Chromium:  sudo apt-get update && sudo apt-get install -y chromium\n` +
      `(or set CHROMIUM_PATH to another Chromium binary), then run npm test again.`,
  );
  process.exit(1);
}
if (!postgresAnswers()) {
  console.error(
    `\nThe system tests of the group's journal need PostgreSQL at ${POSTGRES} and it does not answer.\n` +
      `Start the machine's server:  sudo pg_ctlcluster --skip-systemctl-redirect $(ls /etc/postgresql) main start\n` +
      `or install one:  sudo apt-get install -y postgresql  (then allow your user, as README says),\n` +
      `or set KIOSK_TEST_PG_URL to a server where this user may create databases, then run npm test again.`,
  );
  process.exit(1);
}
console.log(`\n▶ ${checks.map(([name]) => name).join(', ')} (side by side)`);
const checked = await Promise.all(checks.map(check));
for (const r of checked) {
  if (r.output.trim()) process.stdout.write(r.output.endsWith('\n') ? r.output : `${r.output}\n`);
  console.log(r.code === 0 ? `✔ ${r.name} (${r.took} s)` : `✖ ${r.name} failed (exit ${r.code ?? r.signal}, ${r.took} s).`);
}
const failed = checked.find((r) => r.code !== 0);
if (failed) process.exit(failed.code || 1);

for (const [name, cmd, args] of steps) {
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
  console.log(`✔ ${name} (${seconds(started)} s)`);
}
