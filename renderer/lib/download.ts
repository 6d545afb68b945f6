/**
 * Save a file the kiosk sent as base64: a Blob and an <a download> click.
 * Chromium saves it to the downloads folder; Electron does the same (its
 * will-download event, or the save dialog when the main process asks for one).
 */
import { base64ToBytes, safeFilename } from './printing.js';

export function downloadBase64(base64: string, filename: string, type = 'application/pdf'): void {
  const blob = new Blob([base64ToBytes(base64)], { type });
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = safeFilename(filename, 'documento.pdf');
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser reads the blob after the click returns: revoke a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}
