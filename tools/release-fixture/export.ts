/**
 * The inspector's export of a release's closed session, written by that
 * release's own code (issue 40): run in the release's tree (as play.ts is,
 * see make.ts) on a copy of its data folder, it writes the ZIP the release's
 * "Exportar" gave, so that today's check is held to read it
 * (main/inspector/forgery.test.ts, test/fixtures/release-0.1.0-export/).
 * Only buildSessionExport(db, sessionId, { pdf, now }) and openReader, as
 * release 0.1.0 has them; the acta's PDF is a stand-in (the check reads its
 * bytes only against the manifest).
 *
 *   tsx tools/release-fixture/export.ts <data folder> <out zip>
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { openReader } from '../../db/connection.js';
import { buildSessionExport } from '../../main/inspector/export.js';

const [dataDir, out] = process.argv.slice(2);
if (!dataDir || !out) throw new Error('usage: export.ts <data folder> <out zip>');
const db = openReader(join(dataDir, 'kiosk.sqlite'));
try {
  const session = db.prepare(`SELECT id, closed_at AS closedAt FROM sessions WHERE closed_at IS NOT NULL ORDER BY id LIMIT 1`).get() as { id: number; closedAt: string } | undefined;
  if (!session) throw new Error('no closed session to export');
  const { zip, filename } = await buildSessionExport(db, session.id, { pdf: async () => Buffer.from('%PDF-1.4 release'), now: new Date(session.closedAt) });
  writeFileSync(out, zip);
  console.log(`${out}: ${filename}, session ${session.id}, ${zip.length} bytes`);
} finally {
  db.close();
}
