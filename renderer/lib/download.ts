/**
 * Save a file the kiosk sent: a Blob and an <a download> click. Chromium
 * saves it to the downloads folder; Electron does the same (its
 * will-download event, or the save dialog when the main process asks for one).
 */
import { base64ToBytes, safeFilename } from './printing.js';

function saveBlob(blob: Blob, filename: string, fallback: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = safeFilename(filename, fallback);
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser reads the blob after the click returns: revoke a little later.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** A file sent as base64 (a PDF). */
export function downloadBase64(base64: string, filename: string, type = 'application/pdf'): void {
  saveBlob(new Blob([base64ToBytes(base64)], { type }), filename, 'documento.pdf');
}

/** A text file (a CSV: its BOM is part of the text, so the spreadsheet reads UTF-8). */
export function downloadText(content: string, filename: string, type = 'text/csv;charset=utf-8'): void {
  saveBlob(new Blob([content], { type }), filename, 'documento.csv');
}
