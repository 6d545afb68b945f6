/**
 * A session's sales as a CSV file (export.sales), built in a worker thread
 * (export-sales-worker.ts) on its own read-only connection and one snapshot:
 * a session of 100 000 sales takes a second or two, during which the
 * counters go on selling (bench/exports.ts), and the screens see how far it is.
 */
import { SALES_CSV } from '../../core/bingo/exports.js';
import { csvHeader, csvLines, csvFilename, stampedColumns } from '../../core/csv.js';
import { gameById } from '../../db/bingo/games.js';
import { sessionSales, sessionSalesCount, sessionSaleViewOf } from '../../db/bingo/sales.js';
import { readSnapshot, type ReadableDb } from '../../db/connection.js';
import { hallTimeZone } from '../../db/people.js';
import { runWorker } from './entry.js';
import { softwareLabel } from '../version.js';

/** Rows read and written at a time (and a progress step). */
const EXPORT_CHUNK = 2000;

interface SalesCsv {
  filename: string;
  content: string;
  rows: number;
}

interface SalesQuery {
  sessionId: number;
  gameId: number | null;
  /** When the file is made (the command's time): stamped on every row with the program (core/csv.ts). */
  madeAt: string;
}

/** What the worker (export-sales-worker.ts) is asked, and answers. */
export interface ExportSalesRequest extends SalesQuery {
  file: string;
  /** The program asking, with its version (the worker is the same program). */
  software: string;
}
export type ExportSalesReply = { ok: true; csv: SalesCsv } | { ok: false; message: string };

/** The file itself, on one snapshot of `db`, a chunk of sales at a time. */
export function salesCsv(db: ReadableDb, q: SalesQuery, software: string, onProgress?: (done: number, total: number) => void): SalesCsv {
  const columns = stampedColumns(SALES_CSV, { software, madeAt: q.madeAt });
  return readSnapshot(db, () => {
    const total = sessionSalesCount(db, q.sessionId, q.gameId);
    const zone = hallTimeZone(db);
    const parts = [csvHeader(columns)];
    let after: number | null = null;
    let rows = 0;
    onProgress?.(0, total);
    for (;;) {
      const chunk = sessionSales(db, { ...q, after, limit: EXPORT_CHUNK });
      if (chunk.length === 0) break;
      parts.push(csvLines(columns, chunk.map(sessionSaleViewOf), zone));
      rows += chunk.length;
      after = chunk[chunk.length - 1]!.id;
      onProgress?.(rows, total);
      if (chunk.length < EXPORT_CHUNK) break;
    }
    // A file names the game by its number in the session, as the acta does, never by its row id.
    const gameNumber = q.gameId === null ? null : (gameById(db, q.gameId)?.number ?? q.gameId);
    const filename = gameNumber === null ? csvFilename('vendas', 'sessao', q.sessionId) : csvFilename('vendas', 'sessao', q.sessionId, 'jogada', gameNumber);
    return { filename, content: parts.join(''), rows };
  });
}

/** The worker file next to this module, in the same language as this module. */
function exportSalesWorkerUrl(moduleUrl: string = import.meta.url): URL {
  const ext = /\.[cm]?ts$/.test(new URL(moduleUrl).pathname) ? '.ts' : '.js';
  return new URL(`./export-sales-worker${ext}`, moduleUrl);
}

export async function exportSalesInWorker(
  file: string,
  q: SalesQuery,
  onProgress?: (done: number, total: number) => void,
  workerUrl: URL = exportSalesWorkerUrl(),
): Promise<SalesCsv> {
  const reply = await runWorker<ExportSalesRequest, ExportSalesReply>(workerUrl, { file, ...q, software: softwareLabel() }, onProgress);
  if (!reply.ok) throw new Error(reply.message);
  return reply.csv;
}
