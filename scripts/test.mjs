#!/usr/bin/env node
// `npm test`: lint, type-check, unit and integration tests, the slow system
// tests, then the end-to-end tests in Debian's Chromium against browser mode.
// `npm run test:unit` alone is the fast loop.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH || '/usr/bin/chromium';

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
  console.log(`\n▶ ${name}`);
  const started = Date.now();
  const r = spawnSync(cmd, args, { stdio: 'inherit', env: { ...process.env, CHROMIUM_PATH: CHROMIUM } });
  if (r.status !== 0) {
    console.error(`\n✖ ${name} failed (exit ${r.status ?? r.signal}).`);
    process.exit(r.status || 1);
  }
  console.log(`✔ ${name} (${((Date.now() - started) / 1000).toFixed(1)} s)`);
}
