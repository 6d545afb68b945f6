/** The log of a long-running program (hall, counter, web): `--log-dir` (or KIOSK_LOG_DIR), else `<data-dir>/logs/`. */
import { join, resolve } from 'node:path';
import { errorFields, openLog, type OpenedLog } from '../watch/log.js';

/** The options every long-running program takes for its log (parseArgs). */
export const LOG_OPTIONS = {
  'log-dir': { type: 'string' },
  /** JSON lines on stdout too (they are when stdout is a terminal). */
  'log-stdout': { type: 'boolean', default: false },
} as const;

export async function programLog(values: { 'log-dir'?: string; 'log-stdout'?: boolean }, dataDir: string, name: string): Promise<OpenedLog> {
  const dir = resolve(values['log-dir'] ?? process.env.KIOSK_LOG_DIR ?? join(dataDir, 'logs'));
  const opened = await openLog({ dir, name, ...(values['log-stdout'] ? { stdout: true } : {}) });
  // A crash is written to the log before the process ends (the monitor changes nothing of how Node ends it).
  const crashed = (e: Error, origin: string) => {
    opened.log.fatal({ origin, ...errorFields(e) }, `${name} crashed`);
    opened.close();
  };
  process.on('uncaughtExceptionMonitor', crashed);
  // Closed, it watches no more (the installed program opens a log for each post it starts, and may close it again).
  return {
    ...opened,
    close() {
      process.off('uncaughtExceptionMonitor', crashed);
      opened.close();
    },
  };
}
