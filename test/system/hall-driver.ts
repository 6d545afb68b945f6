/**
 * A cashier at a counter, as a script (the hall's network test runs one in
 * each counter's network namespace): logs in at the counter's own browser-mode
 * address, opens its drawer when asked, then sells one card after another.
 * Each sale has an Idempotency-Key made once and kept across its retries, as
 * the sale screen does: a lost answer or HALL_UNREACHABLE is tried again with
 * the same key until it is answered. A hall server started again knows no
 * operator of before: the cashier enters the PIN again and the same sale is
 * sent with the same key. A sale the counter has meanwhile asked the hall
 * about and learnt was not done (its key given up, COMMAND_GIVEN_UP) is sold
 * again under a new key, as the sale screen offers. One JSON line per
 * acknowledged sale on stdout: {key, saleId, ranges, tries, logins, givenUp};
 * a last line {done: true}. Every answer the counter gave a sale is told too,
 * as {said: {key, word, …}} (word: sold, lost, none, given_up, other), so a
 * test can hold each key's last word against the hall's file (issue 37).
 * --abandon-none: a sale answered HALL_UNREACHABLE 'none' (the counter says
 * nothing was sent) is taken at its word and sold again under a new key, as
 * a cashier would; a "none" said of a sale the hall made then shows as a
 * sale twice. --settle: before {done: true}, link.status is asked until no
 * key of unknown outcome is left, and its outcomes told as {settled: […]}.
 *
 *   tsx test/system/hall-driver.ts --url http://127.0.0.1:M --token T --user caixa1 --pin 3333
 *     --game ID --sales N [--quantity Q] [--price CENTS] [--pause-ms MS] [--open-drawer] [--deadline-ms 120000]
 *     [--abandon-none] [--settle]
 */
import { randomUUID } from 'node:crypto';
import { parseArgs } from 'node:util';

const { values } = parseArgs({
  options: {
    url: { type: 'string' },
    token: { type: 'string' },
    user: { type: 'string' },
    pin: { type: 'string' },
    game: { type: 'string' },
    sales: { type: 'string', default: '10' },
    quantity: { type: 'string', default: '1' },
    price: { type: 'string', default: '100' },
    'pause-ms': { type: 'string', default: '0' },
    'open-drawer': { type: 'boolean', default: false },
    'deadline-ms': { type: 'string', default: '120000' },
    'abandon-none': { type: 'boolean', default: false },
    settle: { type: 'boolean', default: false },
  },
});
const url = values.url!;
const deadline = Date.now() + Number(values['deadline-ms']);

type Envelope = { ok: true; value: Record<string, unknown> } | { ok: false; error: { code: string; message: string; details?: { answer?: string } } };

/** Each answer the counter gave a sale, one line: what the cashier was told of that key. */
function tell(channel: string, key: string, envelope: Envelope): void {
  if (channel !== 'sale.create') return;
  const word = envelope.ok
    ? 'sold'
    : envelope.error.code === 'HALL_UNREACHABLE'
      ? (envelope.error.details?.answer ?? 'unreachable')
      : envelope.error.code === 'COMMAND_GIVEN_UP'
        ? 'given_up'
        : 'other';
  const said = { key, word, at: Date.now(), ...(envelope.ok ? { saleId: envelope.value.saleId } : { code: envelope.error.code }) };
  console.log(JSON.stringify({ said }));
}

async function call(channel: string, input: unknown, operatorToken?: string, key?: string): Promise<Envelope> {
  const res = await fetch(`${url}/rpc/${channel}`, {
    method: 'POST',
    headers: {
      Authorization: `Bearer ${values.token}`,
      'Content-Type': 'application/json',
      ...(operatorToken ? { 'X-Operator-Token': operatorToken } : {}),
      ...(key ? { 'Idempotency-Key': key } : {}),
    },
    body: JSON.stringify(input),
    signal: AbortSignal.timeout(10_000),
  });
  return (await res.json()) as Envelope;
}

/** The same call with the same key until it is answered by the hall (or the deadline passes). */
async function untilAnswered(channel: string, input: unknown, operatorToken: string, key: string): Promise<{ envelope: Envelope; tries: number }> {
  for (let tries = 1; ; tries++) {
    try {
      const envelope = await call(channel, input, operatorToken, key);
      tell(channel, key, envelope);
      if (envelope.ok || envelope.error.code !== 'HALL_UNREACHABLE') return { envelope, tries };
      if (values['abandon-none'] && channel === 'sale.create' && envelope.error.details?.answer === 'none') return { envelope, tries };
    } catch {
      // The counter itself did not answer (restarting): the same key again.
    }
    if (Date.now() > deadline) throw new Error(`${channel} ${key}: no answer before the deadline`);
    await new Promise((r) => setTimeout(r, 200));
  }
}

async function logIn(): Promise<string> {
  const login = await untilAnswered('auth.login', { username: values.user, pin: values.pin }, '', randomUUID());
  if (!login.envelope.ok) throw new Error(`login: ${login.envelope.error.code} ${login.envelope.error.message}`);
  return login.envelope.value.operatorToken as string;
}
let operatorToken = await logIn();
if (values['open-drawer']) {
  const opened = await untilAnswered('drawer.open', { floatByDenomination: { '2000': 5 } }, operatorToken, randomUUID());
  if (!opened.envelope.ok && opened.envelope.error.code !== 'DRAWER_ALREADY_OPEN') throw new Error(`drawer.open: ${opened.envelope.error.code}`);
}
const quantity = Number(values.quantity);
const input = { gameId: Number(values.game), quantity, payment: { method: 'cash', tenderedCents: quantity * Number(values.price) } };
const pauseMs = Number(values['pause-ms']);
// SIGUSR2: the cashier stops after the sale in hand (a test that sells until its faults are done).
let stopping = false;
process.on('SIGUSR2', () => (stopping = true));
for (let i = 0; i < Number(values.sales) && !stopping; i++) {
  let key = randomUUID();
  let answered = await untilAnswered('sale.create', input, operatorToken, key);
  let tries = answered.tries;
  let logins = 0;
  let givenUp = 0;
  for (;;) {
    if (!answered.envelope.ok && answered.envelope.error.code === 'NOT_AUTHENTICATED' && logins < 5) {
      operatorToken = await logIn();
      logins += 1;
    } else if (!answered.envelope.ok && answered.envelope.error.code === 'COMMAND_GIVEN_UP' && givenUp < 5) {
      // The hall confirmed the sale was not made (and never will be under that key): sold again, under a new key.
      key = randomUUID();
      givenUp += 1;
    } else if (!answered.envelope.ok && answered.envelope.error.code === 'HALL_UNREACHABLE' && answered.envelope.error.details?.answer === 'none') {
      // The counter said nothing was sent (--abandon-none): taken at its word, the sale is made again under a new key.
      if (Date.now() > deadline) throw new Error(`sale.create ${key}: no answer before the deadline`);
      await new Promise((r) => setTimeout(r, 200));
      key = randomUUID();
    } else break;
    answered = await untilAnswered('sale.create', input, operatorToken, key);
    tries += answered.tries;
  }
  const { envelope } = answered;
  if (!envelope.ok) throw new Error(`sale.create: ${envelope.error.code} ${envelope.error.message}`);
  console.log(JSON.stringify({ key, saleId: envelope.value.saleId, ranges: envelope.value.ranges, tries, logins, givenUp }));
  if (pauseMs) await new Promise((r) => setTimeout(r, pauseMs));
}
if (values.settle) {
  // The keys whose answer was lost are settled by the counter itself once the hall answers: asked until none is left unknown.
  for (;;) {
    let outcomes: { key: string; state: string; value?: { saleId?: number } | null }[] | null = null;
    try {
      const status = await call('link.status', {});
      if (status.ok) outcomes = (status.value.outcomes as typeof outcomes) ?? [];
    } catch {
      // The counter itself did not answer: asked again.
    }
    if (outcomes && outcomes.every((o) => o.state !== 'unknown')) {
      console.log(JSON.stringify({ settled: outcomes.map((o) => ({ key: o.key, state: o.state, saleId: o.value?.saleId ?? null })) }));
      break;
    }
    if (Date.now() > deadline) throw new Error(`link.status: keys still unknown at the deadline: ${JSON.stringify(outcomes)}`);
    await new Promise((r) => setTimeout(r, 200));
  }
}
console.log(JSON.stringify({ done: true }));
