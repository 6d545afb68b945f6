/**
 * A counter's side of the hall's terminals port: enrolment (once, with the
 * code and the fingerprint the hall server's screen shows), the identity it
 * leaves in the counter's data folder, and the HTTPS agent every later call
 * goes through (its certificate, the hall's authority, the server's
 * fingerprint pinned).
 *   terminal.key  PKCS#8 PEM of the counter's own P-256 key (never leaves it)
 *   terminal.crt  its certificate, CN = its terminal id
 *   hall-ca.crt   the hall's authority
 *   hall.json     {hallUrl, serverFingerprint, terminalId}
 * Files 0600, the folder 0700.
 */
import { chmodSync, existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:https';
import { join } from 'node:path';
import { connect, type PeerCertificate, type TLSSocket } from 'node:tls';
import { KioskError, type ErrorCode } from '../../core/errors.js';
import { isTerminalId } from '../../core/terminal.js';
import { x509 } from '../hall/x509.js';
import { CA_CERT_FILE as HALL_CA_FILE, confirmationCode, derOfPem, exportPkcs8Pem, fingerprintOf, generateP256, spkiBase64 } from '../hall/pki.js';

const TERMINAL_KEY_FILE = 'terminal.key';
const TERMINAL_CERT_FILE = 'terminal.crt';
export const HALL_JSON_FILE = 'hall.json';

export interface TerminalIdentity {
  hallUrl: string;
  serverFingerprint: string;
  terminalId: string;
  key: string;
  certificate: string;
  caCertificate: string;
}

/** This post as enrolled, for its screens (Terminais, post.status): its terminal, the hall, the code both screens show. */
export function enrolledPost(identity: TerminalIdentity): { terminalId: string; hallUrl: string; serverFingerprint: string; confirmation: string } {
  return {
    terminalId: identity.terminalId,
    hallUrl: identity.hallUrl,
    serverFingerprint: identity.serverFingerprint,
    confirmation: confirmationCode(identity.serverFingerprint, fingerprintOf(derOfPem(identity.certificate))),
  };
}

export interface Enrolment {
  terminalId: string;
  serverFingerprint: string;
  terminalFingerprint: string;
  /** `123 456`: the same on the hall server's screen. */
  confirmation: string;
}

/** The hall server refused the enrolment (a code unknown, used, expired...): its code and its words. */
export class HallRefusal extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'HallRefusal';
  }
}

const FINGERPRINT = /^sha256:[0-9a-f]{64}$/;
const ENROL_TIMEOUT_MS = 15_000;

function hallAddress(hallUrl: string): URL {
  const url = new URL(hallUrl);
  if (url.protocol !== 'https:' || !url.port) throw new Error(`Endereço do servidor da sala inválido: ${hallUrl} (https://ENDEREÇO:PORTA)`);
  return url;
}

/** A TLS 1.3 connection whose server certificate is checked against `expected` before anything is written on it. */
function pinnedConnection(url: URL, hallUrl: string, expected: string): Promise<TLSSocket> {
  return new Promise((resolve, reject) => {
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const socket = connect({
      host,
      port: Number(url.port),
      minVersion: 'TLSv1.3',
      // The hall's authority is not known yet: the pinned fingerprint is the whole check, made below.
      rejectUnauthorized: false,
      ...(/^[\d.]+$|:/.test(host) ? {} : { servername: host }),
      timeout: ENROL_TIMEOUT_MS,
    });
    socket.once('timeout', () => socket.destroy(new Error(`O servidor da sala em ${hallUrl} não respondeu em ${ENROL_TIMEOUT_MS / 1000} s.`)));
    socket.once('error', reject);
    socket.once('secureConnect', () => {
      const actual = fingerprintOf(socket.getPeerCertificate().raw);
      if (actual !== expected) {
        socket.destroy();
        reject(new KioskError('HALL_FINGERPRINT_MISMATCH', { hallUrl, expected, actual }));
        return;
      }
      socket.setTimeout(0);
      socket.off('error', reject);
      resolve(socket);
    });
  });
}

function post(url: URL, socket: TLSSocket, body: string): Promise<{ status: number; json: unknown }> {
  return new Promise((resolve, reject) => {
    const req = request(
      {
        method: 'POST',
        host: url.hostname,
        port: url.port,
        path: '/enroll',
        headers: { 'Content-Type': 'application/json', 'Content-Length': Buffer.byteLength(body), 'X-Lang': 'pt-PT' },
        // No agent: this very socket, whose server was checked, carries the request (agent: false would make a new one).
        createConnection: () => socket,
        timeout: ENROL_TIMEOUT_MS,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          try {
            resolve({ status: res.statusCode ?? 0, json: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
          } catch (e) {
            reject(e instanceof Error ? e : new Error(String(e)));
          }
        });
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error('O servidor da sala não respondeu a tempo.')));
    req.on('error', reject);
    req.end(body);
  });
}

function writeOwnerOnly(dir: string, name: string, text: string): void {
  // Written beside, then renamed: a counter stopped midway leaves no half file.
  const tmp = join(dir, `.${name}.tmp`);
  writeFileSync(tmp, text, { mode: 0o600 });
  chmodSync(tmp, 0o600);
  renameSync(tmp, join(dir, name));
}

/**
 * Enrol this counter at the hall server: a P-256 key generated here, the
 * server's certificate checked against `fingerprint` right after the
 * handshake (a wrong server never receives the code), then POST /enroll;
 * the identity is written only once the hall has answered with a
 * certificate for this very key.
 */
export async function enrollAtHall(o: { hallUrl: string; fingerprint: string; code: string; dataDir: string }): Promise<Enrolment> {
  const expected = o.fingerprint.trim().toLowerCase();
  if (!FINGERPRINT.test(expected)) throw new Error(`Impressão digital inválida: ${o.fingerprint} (sha256: e 64 algarismos hexadecimais, como no ecrã do servidor da sala)`);
  const url = hallAddress(o.hallUrl);
  const hallUrl = url.origin;
  if (existsSync(join(o.dataDir, HALL_JSON_FILE))) throw new Error(`Este posto já está inscrito (${join(o.dataDir, HALL_JSON_FILE)}): para o inscrever de novo use outra pasta de dados.`);
  const keys = await generateP256();
  const publicKey = await spkiBase64(keys.publicKey);
  const socket = await pinnedConnection(url, hallUrl, expected);
  const { json } = await post(url, socket, JSON.stringify({ code: o.code, publicKey }));
  const answer = json as { ok: boolean; value?: { terminalId: string; certificate: string; caCertificate: string; serverFingerprint: string; confirmation: string }; error?: { code: string; message: string } };
  if (!answer.ok || !answer.value) throw new HallRefusal(answer.error?.code ?? 'INTERNAL', answer.error?.message ?? 'Resposta inválida do servidor da sala.');
  const v = answer.value;
  const cert = new x509.X509Certificate(v.certificate);
  // The certificate must be this key's, for the terminal the hall names, from the hall's authority.
  if (Buffer.from(cert.publicKey.rawData).toString('base64') !== publicKey) throw new Error('O servidor da sala devolveu um certificado de outra chave: nada foi gravado.');
  if (!isTerminalId(v.terminalId) || cert.subjectName.getField('CN')[0] !== v.terminalId) throw new Error('O certificado devolvido não é o do terminal indicado: nada foi gravado.');
  if (!(await cert.verify({ publicKey: new x509.X509Certificate(v.caCertificate).publicKey, signatureOnly: true }))) {
    throw new Error('O certificado devolvido não foi emitido pela autoridade da sala: nada foi gravado.');
  }
  const terminalFingerprint = fingerprintOf(cert.rawData);
  mkdirSync(o.dataDir, { recursive: true, mode: 0o700 });
  chmodSync(o.dataDir, 0o700);
  writeOwnerOnly(o.dataDir, TERMINAL_KEY_FILE, await exportPkcs8Pem(keys.privateKey));
  writeOwnerOnly(o.dataDir, TERMINAL_CERT_FILE, v.certificate);
  writeOwnerOnly(o.dataDir, HALL_CA_FILE, v.caCertificate);
  // Last: its presence says the identity is whole.
  writeOwnerOnly(o.dataDir, HALL_JSON_FILE, `${JSON.stringify({ hallUrl, serverFingerprint: expected, terminalId: v.terminalId }, null, 2)}\n`);
  return { terminalId: v.terminalId, serverFingerprint: expected, terminalFingerprint, confirmation: confirmationCode(expected, terminalFingerprint) };
}

/** The counter's identity in its data folder; null when it was never enrolled. */
export function loadTerminalIdentity(dataDir: string): TerminalIdentity | null {
  const jsonFile = join(dataDir, HALL_JSON_FILE);
  if (!existsSync(jsonFile)) return null;
  const hall = JSON.parse(readFileSync(jsonFile, 'utf8')) as { hallUrl?: unknown; serverFingerprint?: unknown; terminalId?: unknown };
  if (typeof hall.hallUrl !== 'string' || typeof hall.serverFingerprint !== 'string' || !FINGERPRINT.test(hall.serverFingerprint) || !isTerminalId(hall.terminalId)) {
    throw new Error(`${jsonFile} está incompleto ou alterado: inscreva o posto de novo noutra pasta de dados.`);
  }
  const read = (name: string) => {
    const file = join(dataDir, name);
    if (!existsSync(file)) throw new Error(`Falta ${file}: a identidade deste posto está incompleta; inscreva-o de novo.`);
    return readFileSync(file, 'utf8');
  };
  return {
    hallUrl: hall.hallUrl,
    serverFingerprint: hall.serverFingerprint,
    terminalId: hall.terminalId,
    key: read(TERMINAL_KEY_FILE),
    certificate: read(TERMINAL_CERT_FILE),
    caCertificate: read(HALL_CA_FILE),
  };
}

/**
 * The agent of every call to the hall: this terminal's certificate, the
 * hall's authority as the only root, TLS 1.3, connections kept alive, and
 * the server accepted only with the pinned fingerprint (not by host name:
 * the hall is reached by its LAN address).
 */
export function hallAgent(identity: TerminalIdentity, options: { maxSockets?: number } = {}): Agent {
  return new Agent({
    key: identity.key,
    cert: identity.certificate,
    ca: [identity.caCertificate],
    minVersion: 'TLSv1.3',
    keepAlive: true,
    // A request's headers and body may leave as two TLS records: Nagle would hold the second until the hall's ACK.
    noDelay: true,
    ...(options.maxSockets ? { maxSockets: options.maxSockets } : {}),
    checkServerIdentity: (_host: string, cert: PeerCertificate) => {
      const actual = fingerprintOf(cert.raw);
      if (actual === identity.serverFingerprint) return undefined;
      const error = new KioskError('HALL_FINGERPRINT_MISMATCH' satisfies ErrorCode, { hallUrl: identity.hallUrl, expected: identity.serverFingerprint, actual });
      return Object.assign(new Error(error.message), { code: 'HALL_FINGERPRINT_MISMATCH' });
    },
  });
}
