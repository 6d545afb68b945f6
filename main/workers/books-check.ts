/** The books check in a worker thread (books-check-worker.ts): sales go on meanwhile, and the screens see how far it is. */
import type { BooksCheck } from '../../db/books.js';
import type { BooksCheckReply, BooksCheckRequest } from './books-check-worker.js';
import { runWorker } from './entry.js';

/** The worker file next to this module, in the same language as this module. */
function booksCheckWorkerUrl(moduleUrl: string = import.meta.url): URL {
  const ext = /\.[cm]?ts$/.test(new URL(moduleUrl).pathname) ? '.ts' : '.js';
  return new URL(`./books-check-worker${ext}`, moduleUrl);
}

export async function checkBooksInWorker(
  file: string,
  shown: number,
  onProgress?: (done: number, total: number) => void,
  workerUrl: URL = booksCheckWorkerUrl(),
): Promise<BooksCheck> {
  const reply = await runWorker<BooksCheckRequest, BooksCheckReply>(workerUrl, { file, shown }, onProgress);
  if (!reply.ok) throw new Error(reply.message);
  return reply.check;
}
