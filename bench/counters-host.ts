/**
 * The first of bench/hall.ts's two layouts: the N counters in one process,
 * each still its own enrolled terminal with its own certificate, TLS
 * connections, event stream and browser-mode port, so that on a small
 * machine the counters do not also pay for N processes taking turns on its
 * cores (at a hall each counter has a machine of its own). Argv: the hall's
 * terminals URL, its fingerprint, a folder, then one enrolment code per
 * counter; prints `counter <i> port <M>` for each (1..N), once started.
 */
import { join } from 'node:path';
import { startCounter, type Counter } from '../main/counter/index.js';
import { enrolledPost, enrollAtHall, hallAgent, loadTerminalIdentity } from '../main/counter/enrol-client.js';

const [hallUrl, fingerprint, dir, ...codes] = process.argv.slice(2);
const counters: Counter[] = [];
for (const [i, code] of codes.entries()) {
  const dataDir = join(dir!, `counter-${i + 1}`);
  await enrollAtHall({ hallUrl: hallUrl!, fingerprint: fingerprint!, code, dataDir });
  const identity = loadTerminalIdentity(dataDir)!;
  const counter = await startCounter({
    post: enrolledPost(identity),
    hallUrl: identity.hallUrl,
    agent: hallAgent(identity),
    token: process.env.KIOSK_TOKEN!,
    port: 0,
    terminalId: identity.terminalId,
    printing: {},
  });
  counters.push(counter);
  console.log(`counter ${i + 1} port ${counter.port}`);
}
process.on('SIGTERM', () => {
  void Promise.all(counters.map((c) => c.close())).then(() => process.exit(0));
});
