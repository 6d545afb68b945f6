/**
 * How the kiosk starts its worker threads (the PDF renderer, the backup
 * check): from compiled JavaScript as it is, from TypeScript sources (vitest,
 * tsx) through tsx's hooks registered in the worker's own thread.
 */
import { Worker } from 'node:worker_threads';

interface WorkerEntry {
  /** What `new Worker()` loads. */
  entry: URL;
  /** The worker's Node options; undefined: the process's own (the default). */
  execArgv: string[] | undefined;
}

/**
 * How to start a worker module. Compiled JavaScript starts as it is. A `.ts`
 * worker (vitest, tsx) needs tsx's hooks in its own thread, and on Node 20
 * `--import tsx` in the worker's execArgv does not give them (tsx's loader
 * registers on the main thread only; the entry fails with "Unknown file
 * extension .ts"): a small module registers them through `tsx/esm/api`, then
 * imports the worker. Its execArgv is empty: the parent's may hold tsx itself
 * (registered twice) or flags a worker refuses (`--max-old-space-size`,
 * `--input-type`).
 */
export function workerEntry(workerUrl: URL): WorkerEntry {
  if (!workerUrl.pathname.endsWith('.ts')) return { entry: workerUrl, execArgv: undefined };
  const tsxApi = import.meta.resolve('tsx/esm/api');
  const bootstrap = `const { register } = await import(${JSON.stringify(tsxApi)});\nregister();\nawait import(${JSON.stringify(workerUrl.href)});\n`;
  return { entry: new URL(`data:text/javascript,${encodeURIComponent(bootstrap)}`), execArgv: [] };
}

/** What a worker posts while it works (long checks): how far it is. Its answer is any other message. */
export interface WorkerProgress {
  progress: { done: number; total: number };
}

const isProgress = (m: unknown): m is WorkerProgress => typeof m === 'object' && m !== null && 'progress' in m;

/** A one-shot worker: started, sent one message, its one answer taken (progress reported on the way), then terminated. */
export function runWorker<Request, Reply>(workerUrl: URL, request: Request, onProgress?: (done: number, total: number) => void): Promise<Reply> {
  const { entry, execArgv } = workerEntry(workerUrl);
  const w = new Worker(entry, execArgv ? { execArgv } : {});
  return new Promise<Reply>((resolve, reject) => {
    let settled = false;
    const settle = (f: () => void) => {
      if (settled) return;
      settled = true;
      f();
      void w.terminate();
    };
    w.on('message', (reply: Reply | WorkerProgress) => {
      if (isProgress(reply)) onProgress?.(reply.progress.done, reply.progress.total);
      else settle(() => resolve(reply));
    });
    w.once('error', (e) => settle(() => reject(e)));
    w.once('exit', (code) => settle(() => reject(new Error(`worker exited (code ${code}) without an answer`))));
    w.postMessage(request);
  });
}
