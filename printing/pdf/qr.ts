/**
 * A QR code drawn in a PDF as filled squares (vector: sharp at any zoom and
 * on any printer), its modules from the `qrcode` package. The payload is
 * UTF-8 in byte mode, so a signed note's em dash survives the scan.
 */
import QRCode from 'qrcode';

/** Draws `data` as a QR code of `side` points at (x, y), with its quiet zone inside that side. */
export function drawQr(doc: PDFKit.PDFDocument, data: string, x: number, y: number, side: number): void {
  const qr = QRCode.create(data, { errorCorrectionLevel: 'M' });
  const n = qr.modules.size;
  // Four modules of quiet zone on each side, as the standard asks.
  const module = side / (n + 8);
  doc.save().fillColor('#000000');
  for (let row = 0; row < n; row++) {
    for (let col = 0; col < n; col++) {
      if (qr.modules.get(row, col)) doc.rect(x + (col + 4) * module, y + (row + 4) * module, module, module);
    }
  }
  doc.fill().restore();
}
