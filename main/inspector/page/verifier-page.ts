/**
 * The export's offline check page (verificar.html in the ZIP), in the
 * browser: the inspector picks the ZIP (and may paste the key printed on the
 * acta or the Z); core/inspector/check.ts runs here as in the command line, with pure-JS
 * SHA-256 and Ed25519 (RFC 8032, no network, no WebCrypto needed).
 */
import * as ed from '@noble/ed25519';
import { sha256, sha512 } from '@noble/hashes/sha2.js';
import { checkExport, checkReport, EXPORT_LIMITS, type CheckCrypto, type ExportCheck } from '../../../core/inspector/check.js';
import { sizeText } from '../../../core/inspector/zip.js';

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
  const key = $<HTMLInputElement>('key').value.trim();
  const witness = $<HTMLInputElement>('witness').value.trim();
  // Let the words above paint before the check takes the thread.
  await new Promise((resolve) => setTimeout(resolve, 20));
  // As the command line: a file larger than all its entries may inflate to is refused before it is read.
  const r: ExportCheck =
    file.size > EXPORT_LIMITS.total
      ? { ok: false, failure: { file: '(zip)', what: `o ficheiro tem ${file.size} bytes: excede o limite de ${sizeText(EXPORT_LIMITS.total)}` } }
      : await file.arrayBuffer().then(
          (buffer) => checkExport(new Uint8Array(buffer), { ...(key ? { key } : {}), ...(witness ? { witness } : {}) }, crypto),
          (): ExportCheck => ({ ok: false, failure: { file: '(zip)', what: 'o ficheiro não pôde ser lido' } }),
        );
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
