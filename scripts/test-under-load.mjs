#!/usr/bin/env node
// `npm run test:under-load [-- --runs N --hogs N]`: the whole suite (`npm test`) N times in a row (3 by default)
// while N CPU hogs (2 by default, one per core here, like `stress --cpu 2`) keep the machine busy: the suite must
// hold on a busy hall server, not only on an idle one. The hogs are busy loops in worker threads of this process
// (nothing to install). Stops at the first failure; prints one JSON line of figures at the end.
import { spawn } from 'node:child_process';
import { loadavg } from 'node:os';
import { Worker } from 'node:worker_threads';

const arg = (name, fallback) => {
  const at = process.argv.indexOf(`--${name}`);
  const n = at > 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(n) || n < 0 || n > 64) throw new Error(`--${name}: a whole number from 0 to 64`);
  return n;
};
const runs = arg('runs', 3);
const hogs = Array.from({ length: arg('hogs', 2) }, () => new Worker('for (;;) {}', { eval: true }));

const results = [];
let failed = false;
for (let i = 1; i <= runs && !failed; i++) {
  const started = Date.now();
  console.log(`\n=== npm test under load: run ${i} of ${runs}, ${hogs.length} CPU hogs ===\n`);
  const code = await new Promise((done) => spawn('npm', ['test'], { stdio: 'inherit' }).on('close', (c) => done(c ?? 1)));
  results.push({ run: i, exit: code, seconds: Math.round((Date.now() - started) / 1000), load1: Number(loadavg()[0].toFixed(2)) });
  failed = code !== 0;
}
await Promise.all(hogs.map((w) => w.terminate()));
console.log(JSON.stringify({ bench: 'test-under-load', hogs: hogs.length, runs: results, passed: !failed && results.length === runs }));
process.exit(failed ? 1 : 0);
