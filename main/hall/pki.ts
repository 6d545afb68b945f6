/**
 * The hall's own certificate authority (ECDSA P-256, WebCrypto and
 * @peculiar/x509), kept in the data folder: created at the first start,
 * reopened at every start after (never regenerated while its files are
 * there, so enrolled terminals and pinned fingerprints stay valid).
 *   hall-ca.key / hall-ca.crt          the authority (key 0600)
 *   hall-server.key / hall-server.crt  the terminals port's certificate (key 0600)
 * It issues each enrolled terminal's certificate (CN = the terminal id,
 * clientAuth) for the public key the counter generated and sent.
 */
import { createHash, randomBytes, webcrypto } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import { KioskError } from '../../core/refusal.js';
import { isTerminalId } from '../../core/terminal.js';
import { HALL_SERVER_CERT_FILE } from '../../core/terminals/rules.js';
import { x509 } from './x509.js';

const crypto = webcrypto as unknown as Crypto;

export const CA_KEY_FILE = 'hall-ca.key';
export const CA_CERT_FILE = 'hall-ca.crt';
export const SERVER_KEY_FILE = 'hall-server.key';

const EC: EcKeyImportParams & EcKeyGenParams = { name: 'ECDSA', namedCurve: 'P-256' };
const SIGNING: EcdsaParams = { name: 'ECDSA', hash: 'SHA-256' };
/** The authority outlives every certificate it issues. */
const CA_YEARS = 20;
const SERVER_YEARS = 10;
export const TERMINAL_YEARS = 5;

export interface HallPki {
  /** PEM, for the terminals server and for an enrolled counter to trust. */
  caCertificate: string;
  serverKey: string;
  serverCertificate: string;
  /** `sha256:<64 hex>` of the server certificate's DER: what a counter pins. */
  serverFingerprint: string;
  /** A terminal's certificate for the public key it generated (base64 of its SPKI DER). */
  issueTerminalCertificate(terminalId: string, publicKeySpki: string, now?: Date): Promise<IssuedCertificate>;
}

interface IssuedCertificate {
  pem: string;
  fingerprint: string;
  /** Hexadecimal, as the certificate carries it. */
  serial: string;
  notAfter: string;
}

/** The fingerprint notation of the wire protocol: `sha256:` + 64 lowercase hex over the certificate's DER. */
export function fingerprintOf(der: Uint8Array | ArrayBuffer): string {
  return `sha256:${createHash('sha256').update(new Uint8Array(der)).digest('hex')}`;
}

/** The DER of a certificate's PEM (the first certificate in it). */
export function derOfPem(pem: string): Buffer {
  return Buffer.from(new x509.X509Certificate(pem).rawData);
}

/** The confirmation code both screens show (the terminals service words it; one formula). */
export { confirmationCode } from '../services/terminals/confirmation.js';

/** A positive random serial of 16 bytes (RFC 5280: at most 20 octets, unpredictable). */
function randomSerial(): string {
  const bytes = randomBytes(16);
  bytes[0] = (bytes[0]! & 0x7f) | 0x01;
  return bytes.toString('hex');
}

function pemOf(label: string, der: ArrayBuffer): string {
  const b64 = Buffer.from(der).toString('base64').replace(/(.{64})/g, '$1\n').replace(/\n$/, '');
  return `-----BEGIN ${label}-----\n${b64}\n-----END ${label}-----\n`;
}

function derOfKeyPem(pem: string): Uint8Array<ArrayBuffer> {
  return new Uint8Array(Buffer.from(pem.replace(/-----(BEGIN|END) PRIVATE KEY-----/g, '').replace(/\s+/g, ''), 'base64'));
}

function writeSecret(file: string, text: string): void {
  writeFileSync(file, text, { mode: 0o600 });
  // The mode of writeFileSync is masked by the umask; the key is owner-only whatever it was.
  chmodSync(file, 0o600);
}

export async function exportPkcs8Pem(key: CryptoKey): Promise<string> {
  return pemOf('PRIVATE KEY', await crypto.subtle.exportKey('pkcs8', key));
}

export function generateP256(): Promise<CryptoKeyPair> {
  return crypto.subtle.generateKey(EC, true, ['sign', 'verify']) as Promise<CryptoKeyPair>;
}

/** The SPKI DER of a public key, base64: what a counter sends to enrol. */
export async function spkiBase64(key: CryptoKey): Promise<string> {
  return Buffer.from(await crypto.subtle.exportKey('spki', key)).toString('base64');
}

async function importSigningKey(pem: string): Promise<CryptoKey> {
  return crypto.subtle.importKey('pkcs8', derOfKeyPem(pem), EC, false, ['sign']);
}

/** A counter's key must be an ECDSA P-256 public key: anything else is refused before anything is issued. */
async function importTerminalKey(spki: string): Promise<CryptoKey> {
  const der = Buffer.from(spki, 'base64');
  try {
    if (der.length === 0 || der.length > 512 || der.toString('base64') !== spki.replace(/\s+/g, '')) throw new Error('not base64');
    return await crypto.subtle.importKey('spki', new Uint8Array(der), EC, true, ['verify']);
  } catch {
    throw new KioskError('ENROLMENT_KEY_INVALID');
  }
}

function addYears(d: Date, years: number): Date {
  const t = new Date(d);
  t.setUTCFullYear(t.getUTCFullYear() + years);
  return t;
}

async function createAuthority(dir: string, now: Date): Promise<void> {
  const keys = await generateP256();
  const cert = await x509.X509CertificateGenerator.createSelfSigned({
    serialNumber: randomSerial(),
    name: [{ CN: ['Autoridade da sala (quiosque de bingo)'] }],
    // A minute back: a counter whose clock is a little behind still accepts it.
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: addYears(now, CA_YEARS),
    keys,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(true, 0, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.keyCertSign | x509.KeyUsageFlags.cRLSign | x509.KeyUsageFlags.digitalSignature, true),
      await x509.SubjectKeyIdentifierExtension.create(keys.publicKey),
    ],
  });
  writeSecret(join(dir, CA_KEY_FILE), await exportPkcs8Pem(keys.privateKey));
  writeFileSync(join(dir, CA_CERT_FILE), cert.toString('pem') + '\n');
}

function sanOf(bind: string): x509.JsonGeneralName[] {
  const names: x509.JsonGeneralName[] = [
    { type: 'ip', value: '127.0.0.1' },
    { type: 'dns', value: 'localhost' },
  ];
  // Every address (0.0.0.0, ::) names no host; a counter pins the fingerprint anyway.
  if (bind && bind !== '0.0.0.0' && bind !== '::' && bind !== '127.0.0.1' && bind !== 'localhost') {
    names.unshift(isIP(bind) ? { type: 'ip', value: bind } : { type: 'dns', value: bind });
  }
  return names;
}

async function createServerCertificate(dir: string, ca: x509.X509Certificate, caKey: CryptoKey, bind: string, now: Date): Promise<void> {
  const keys = await generateP256();
  const cert = await x509.X509CertificateGenerator.create({
    serialNumber: randomSerial(),
    subject: [{ CN: ['Servidor da sala (quiosque de bingo)'] }],
    issuer: ca.subject,
    notBefore: new Date(now.getTime() - 60_000),
    notAfter: addYears(now, SERVER_YEARS),
    publicKey: keys.publicKey,
    signingKey: caKey,
    signingAlgorithm: SIGNING,
    extensions: [
      new x509.BasicConstraintsExtension(false, undefined, true),
      new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
      new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.serverAuth]),
      new x509.SubjectAlternativeNameExtension(sanOf(bind)),
      await x509.AuthorityKeyIdentifierExtension.create(ca.publicKey),
    ],
  });
  writeSecret(join(dir, SERVER_KEY_FILE), await exportPkcs8Pem(keys.privateKey));
  writeFileSync(join(dir, HALL_SERVER_CERT_FILE), cert.toString('pem') + '\n');
}

/**
 * The hall's PKI in `dataDir`: its files read when present, created when
 * absent (the authority first, then the server certificate it signs).
 * `bind` is the terminals port's address, named in the server certificate
 * when it is first made.
 */
export async function openHallPki(dataDir: string, options: { bind?: string; now?: () => Date } = {}): Promise<HallPki> {
  const now = options.now ?? (() => new Date());
  mkdirSync(dataDir, { recursive: true });
  const caKeyFile = join(dataDir, CA_KEY_FILE);
  const caCertFile = join(dataDir, CA_CERT_FILE);
  if (existsSync(caKeyFile) !== existsSync(caCertFile)) {
    // Half an authority is never completed by a new one: the terminals it issued would no longer be trusted.
    throw new Error(`A autoridade da sala está incompleta em ${dataDir} (${existsSync(caKeyFile) ? CA_CERT_FILE : CA_KEY_FILE} em falta): reponha o ficheiro da cópia de segurança.`);
  }
  if (!existsSync(caKeyFile)) await createAuthority(dataDir, now());
  const caPem = readFileSync(caCertFile, 'utf8');
  const ca = new x509.X509Certificate(caPem);
  const caKey = await importSigningKey(readFileSync(caKeyFile, 'utf8'));
  const serverKeyFile = join(dataDir, SERVER_KEY_FILE);
  const serverCertFile = join(dataDir, HALL_SERVER_CERT_FILE);
  if (!existsSync(serverKeyFile) || !existsSync(serverCertFile)) await createServerCertificate(dataDir, ca, caKey, options.bind ?? '127.0.0.1', now());
  const serverCertificate = readFileSync(serverCertFile, 'utf8');
  const serverKey = readFileSync(serverKeyFile, 'utf8');
  const serverFingerprint = fingerprintOf(derOfPem(serverCertificate));

  return {
    caCertificate: caPem,
    serverKey,
    serverCertificate,
    serverFingerprint,
    async issueTerminalCertificate(terminalId, publicKeySpki, at = now()) {
      if (!isTerminalId(terminalId)) throw new KioskError('TERMINAL_NAME_INVALID', { name: String(terminalId).slice(0, 40) });
      const publicKey = await importTerminalKey(publicKeySpki);
      const serial = randomSerial();
      const notAfter = addYears(at, TERMINAL_YEARS);
      const cert = await x509.X509CertificateGenerator.create({
        serialNumber: serial,
        subject: [{ CN: [terminalId] }],
        issuer: ca.subject,
        notBefore: new Date(at.getTime() - 60_000),
        notAfter,
        publicKey,
        signingKey: caKey,
        signingAlgorithm: SIGNING,
        extensions: [
          new x509.BasicConstraintsExtension(false, undefined, true),
          new x509.KeyUsagesExtension(x509.KeyUsageFlags.digitalSignature, true),
          new x509.ExtendedKeyUsageExtension([x509.ExtendedKeyUsage.clientAuth]),
          await x509.AuthorityKeyIdentifierExtension.create(ca.publicKey),
        ],
      });
      return { pem: cert.toString('pem') + '\n', fingerprint: fingerprintOf(cert.rawData), serial: cert.serialNumber.toLowerCase(), notAfter: cert.notAfter.toISOString() };
    },
  };
}
