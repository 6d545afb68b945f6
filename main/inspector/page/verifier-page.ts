/**
 * The export's offline check page (verificar.html in the ZIP), in the
 * browser: the inspector picks the ZIP (and may paste the key printed on the
 * acta or the Z); check.ts runs here as in the command line, with pure-JS
 * SHA-256 and Ed25519 (RFC 8032, no network, no WebCrypto needed).
 */
import * as ed from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { checkExport, checkReport, type CheckCrypto } from '../check.js';

ed.hashes.sha512 = sha512;

const crypto: CheckCrypto = {
  sha256: (data) => sha256(data),
  ed25519: (publicKey, message, signature) => {
    try {
      return ed.verify(signature, message, publicKey, { zip215: false });
    } catch {
      return false;
    }
  },
};

const $ = <T extends HTMLElement>(id: string) => document.getElementById(id) as T;

async function run(): Promise<void> {
  const file = $<HTMLInputElement>('zip').files?.[0];
  const out = $<HTMLDivElement>('result');
  out.className = '';
  if (!file) {
    out.className = 'fail';
    out.textContent = 'Escolha primeiro o ficheiro ZIP da exportação.';
    return;
  }
  out.textContent = 'A verificar…';
  const bytes = new Uint8Array(await file.arrayBuffer());
  const key = $<HTMLInputElement>('key').value.trim();
  const witness = $<HTMLInputElement>('witness').value.trim();
  // Let the words above paint before the check takes the thread.
  await new Promise((resolve) => setTimeout(resolve, 20));
  const r = checkExport(bytes, { ...(key ? { key } : {}), ...(witness ? { witness } : {}) }, crypto);
  out.replaceChildren();
  const head = document.createElement('p');
  head.className = 'head';
  if (r.ok) {
    out.className = 'ok';
    head.textContent = 'ÍNTEGRA';
    out.append(head, ...checkReport(r).map((line) => Object.assign(document.createElement('p'), { textContent: line })));
  } else {
    out.className = 'fail';
    head.textContent = 'FALHA';
    const where = `${r.failure.file}${r.failure.line !== undefined ? `, linha ${r.failure.line}` : ''}`;
    out.append(head, Object.assign(document.createElement('p'), { textContent: `Em ${where}: ${r.failure.what}.` }));
  }
}

$<HTMLButtonElement>('verify').addEventListener('click', () => void run());
