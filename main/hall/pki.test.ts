/**
 * The hall's own authority in a temp data folder: made at the first start
 * (keys owner-only), reopened unchanged after; the server certificate's
 * names; a terminal's certificate for a counter's key (CN, clientAuth,
 * random serial, 5 years), keys that are not P-256 refused; the fingerprint
 * and the confirmation code of the wire protocol.
 */
import { createHash, generateKeyPairSync, webcrypto } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { CA_CERT_FILE, CA_KEY_FILE, confirmationCode, fingerprintOf, generateP256, openHallPki, SERVER_KEY_FILE, spkiBase64 } from './pki.js';
import { HALL_SERVER_CERT_FILE } from '../../core/terminals/rules.js';
import { x509 } from './x509.js';

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'hall-pki-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const NOW = new Date('2026-11-30T20:00:00.000Z');

describe('the hall authority', () => {
  it('is made at the first start, keys 0600, and reopened unchanged at the next', async () => {
    const first = await openHallPki(dir, { bind: '192.168.1.10', now: () => NOW });
    expect(statSync(join(dir, CA_KEY_FILE)).mode & 0o777).toBe(0o600);
    expect(statSync(join(dir, SERVER_KEY_FILE)).mode & 0o777).toBe(0o600);
    const files = [CA_KEY_FILE, CA_CERT_FILE, SERVER_KEY_FILE, HALL_SERVER_CERT_FILE].map((f) => readFileSync(join(dir, f), 'utf8'));
    const again = await openHallPki(dir, { bind: '10.0.0.1' });
    expect([CA_KEY_FILE, CA_CERT_FILE, SERVER_KEY_FILE, HALL_SERVER_CERT_FILE].map((f) => readFileSync(join(dir, f), 'utf8'))).toEqual(files);
    expect(again.serverFingerprint).toBe(first.serverFingerprint);
    expect(first.serverFingerprint).toMatch(/^sha256:[0-9a-f]{64}$/);

    const ca = new x509.X509Certificate(first.caCertificate);
    const server = new x509.X509Certificate(first.serverCertificate);
    expect(first.serverFingerprint).toBe(`sha256:${createHash('sha256').update(new Uint8Array(server.rawData)).digest('hex')}`);
    expect((ca.publicKey.algorithm as EcKeyAlgorithm).namedCurve).toBe('P-256');
    expect(ca.getExtension(x509.BasicConstraintsExtension)?.ca).toBe(true);
    expect(await server.verify({ publicKey: ca.publicKey, signatureOnly: true })).toBe(true);
    expect(server.issuer).toBe(ca.subject);
    const san = server.getExtension(x509.SubjectAlternativeNameExtension)!.names.toJSON();
    expect(san).toEqual([
      { type: 'ip', value: '192.168.1.10' },
      { type: 'ip', value: '127.0.0.1' },
      { type: 'dns', value: 'localhost' },
    ]);
    expect(server.getExtension(x509.ExtendedKeyUsageExtension)!.usages).toEqual([x509.ExtendedKeyUsage.serverAuth]);
  });

  it("issues a terminal's certificate for its own key: CN = its id, clientAuth, a random serial, 5 years", async () => {
    const pki = await openHallPki(dir, { now: () => NOW });
    const keys = await generateP256();
    const spki = await spkiBase64(keys.publicKey);
    const a = await pki.issueTerminalCertificate('BALCAO2', spki, NOW);
    const b = await pki.issueTerminalCertificate('BALCAO2', spki, NOW);
    const cert = new x509.X509Certificate(a.pem);
    expect(cert.subject).toBe('CN=BALCAO2');
    expect(Buffer.from(cert.publicKey.rawData).toString('base64')).toBe(spki);
    expect(cert.getExtension(x509.ExtendedKeyUsageExtension)!.usages).toEqual([x509.ExtendedKeyUsage.clientAuth]);
    expect(cert.getExtension(x509.BasicConstraintsExtension)!.ca).toBe(false);
    expect(await cert.verify({ publicKey: new x509.X509Certificate(pki.caCertificate).publicKey, signatureOnly: true })).toBe(true);
    expect(a.serial).toMatch(/^[0-9a-f]{32}$/);
    expect(a.serial).not.toBe(b.serial);
    expect(a.fingerprint).toBe(fingerprintOf(cert.rawData));
    expect(a.notAfter).toBe('2031-11-30T20:00:00.000Z');
    expect(cert.notBefore.toISOString()).toBe('2026-11-30T19:59:00.000Z');
  });

  it('refuses a key that is not ECDSA P-256, and a name that is no terminal id', async () => {
    const pki = await openHallPki(dir, { now: () => NOW });
    const rsa = generateKeyPairSync('rsa', { modulusLength: 2048 }).publicKey.export({ type: 'spki', format: 'der' }).toString('base64');
    const p384 = Buffer.from(await webcrypto.subtle.exportKey('spki', (await webcrypto.subtle.generateKey({ name: 'ECDSA', namedCurve: 'P-384' }, true, ['sign'])).publicKey)).toString('base64');
    for (const key of [rsa, p384, 'not base64!', '']) {
      await expect(pki.issueTerminalCertificate('T2', key)).rejects.toMatchObject({ code: 'ENROLMENT_KEY_INVALID' });
    }
    const spki = await spkiBase64((await generateP256()).publicKey);
    await expect(pki.issueTerminalCertificate('caixa 1', spki)).rejects.toMatchObject({ code: 'TERMINAL_NAME_INVALID' });
  });

  it('refuses to complete half an authority (the key without its certificate)', async () => {
    await openHallPki(dir, { now: () => NOW });
    rmSync(join(dir, CA_CERT_FILE));
    await expect(openHallPki(dir)).rejects.toThrow(/autoridade da sala está incompleta/);
  });
});

describe('confirmation code', () => {
  it('is the first 6 digits of SHA-256(server + "\\n" + terminal) as a number, mod 10^6, as "123 456"', () => {
    const server = `sha256:${'a'.repeat(64)}`;
    const terminal = `sha256:${'b'.repeat(64)}`;
    const digest = createHash('sha256').update(`${server}\n${terminal}`).digest('hex');
    const expected = (BigInt(`0x${digest}`) % 1_000_000n).toString().padStart(6, '0');
    expect(confirmationCode(server, terminal)).toBe(`${expected.slice(0, 3)} ${expected.slice(3)}`);
    expect(confirmationCode(server, terminal)).toMatch(/^\d{3} \d{3}$/);
    expect(confirmationCode(terminal, server)).not.toBe(confirmationCode(server, terminal));
  });
});
