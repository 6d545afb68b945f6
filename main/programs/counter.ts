/** `counter`: a counter, enrolled once at the hall server, every call carried to it (usage in main/cli.ts). */
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { enrolledPost, enrollAtHall, hallAgent, loadTerminalIdentity } from '../counter/enrol-client.js';
import { startCounter } from '../counter/index.js';
import { OUTCOMES_FILE } from '../counter/outcomes.js';
import { ROOT, dataDirOf, portOf } from './options.js';
import { LOG_OPTIONS, programLog } from './logging.js';
import { createMetrics } from '../watch/metrics.js';
import { counterHealth } from '../watch/health.js';
import { errorFields } from '../watch/log.js';

export async function run(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      'data-dir': { type: 'string' },
      port: { type: 'string' },
      hall: { type: 'string' },
      fingerprint: { type: 'string' },
      enroll: { type: 'string' },
      ...LOG_OPTIONS,
    },
    strict: true,
  });
  const dataDir = dataDirOf(values);
  const logs = await programLog(values, dataDir, 'counter');
  const { log } = logs;
  const port = portOf(values.port ?? process.env.KIOSK_PORT, '--port');
  if (values.enroll !== undefined) {
    if (!values.hall || !values.fingerprint) {
      console.error('Para inscrever este posto: --hall https://ENDEREÇO:PORTA --fingerprint sha256:… --enroll CÓDIGO (como no ecrã Terminais do servidor da sala).');
      process.exit(2);
    }
    // The fingerprint is checked right after the handshake, before the code is sent (enrollAtHall).
    const enrolled = await enrollAtHall({ hallUrl: values.hall, fingerprint: values.fingerprint, code: values.enroll, dataDir });
    console.log(`Inscrito como terminal ${enrolled.terminalId}. Código de confirmação: ${enrolled.confirmation} (o mesmo no ecrã Terminais do servidor da sala).`);
    // The terminal and the confirmation shown on both screens; never the one-time code it redeemed.
    log.info({ terminal: enrolled.terminalId, hall: values.hall, confirmation: enrolled.confirmation }, 'counter enrolled');
  }
  const identity = loadTerminalIdentity(dataDir);
  if (!identity) {
    console.error(`Este posto não está inscrito (${dataDir}): inscreva-o com --hall, --fingerprint e --enroll, como no ecrã Terminais do servidor da sala.`);
    process.exit(2);
  }
  const token = process.env.KIOSK_TOKEN || randomBytes(24).toString('base64url');
  const staticDir = join(ROOT, 'dist', 'renderer');
  const post = enrolledPost(identity);
  const metrics = createMetrics({ post: 'counter' });
  const server = await startCounter({
    post,
    hallUrl: identity.hallUrl,
    agent: hallAgent(identity),
    token,
    port,
    terminalId: identity.terminalId,
    // The commands whose answer was lost are remembered across a restart, and asked of the hall once it is back.
    outcomesFile: join(dataDir, OUTCOMES_FILE),
    // The receipts printer beside the cashier is this post's: it prints this terminal's jobs itself.
    printing: {},
    onUnreachable: (channel) => metrics.hallUnreachable(channel),
    onLink: (state, error) => (state === 'up' ? log.info({ link: 'up' }, 'hall link up') : log.warn({ link: 'down', error }, 'hall link down')),
    logError: (e: unknown, where = 'request') => log.error({ where, ...errorFields(e) }, 'counter error'),
    watch: (link) => ({ health: counterHealth(link), metrics }),
    ...(existsSync(join(staticDir, 'index.html')) ? { staticDir } : {}),
  });
  console.log(`Balcão ${identity.terminalId} em modo navegador: ${server.url}/#token=${token}`);
  console.log(`Servidor da sala: ${identity.hallUrl} (${identity.serverFingerprint}); código de confirmação ${post.confirmation}`);
  log.info({ terminal: identity.terminalId, web: server.url, hall: identity.hallUrl, fingerprint: identity.serverFingerprint, logFile: logs.file() }, 'counter listening');
  const stop = (signal: string) => {
    log.info({ signal }, 'counter stopping');
    void server.close().then(() => {
      logs.close();
      process.exit(0);
    });
  };
  process.on('SIGINT', () => stop('SIGINT'));
  process.on('SIGTERM', () => stop('SIGTERM'));
}
