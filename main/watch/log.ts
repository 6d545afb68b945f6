/**
 * The posts' operational log (pino): JSON lines with a level, in `<data-dir>/logs/` or `--log-dir`, rotated by
 * pino-roll (daily and at LOG_FILE_SIZE, LOG_FILES_KEPT kept), and on stdout too when it is a terminal or when asked.
 * It tells what a technician needs (started, listening, a counter enrolled, a printer failing, the link or the
 * journal down and back, errors), never a request's body: a PIN, a token, a recovery or enrolment code or a key has
 * no field here to be put in. `redact` and the last scrub of each line (PEM blocks, bearer tokens) are the safety net.
 */
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import pino, { type DestinationStream, type Logger } from 'pino';
import pinoRoll from 'pino-roll';
import { versionLabel } from '../version.js';

export type Log = Logger;

/** A log file rolls at this size and at midnight. */
export const LOG_FILE_SIZE = '20m';
/** Rolled files kept besides the one in use. */
export const LOG_FILES_KEPT = 14;

/** Fields that would hold a secret, wherever an object carries them (a request, an input, an error's details). */
export const REDACT_PATHS = [
  'pin',
  '*.pin',
  '*.*.pin',
  'approval',
  '*.approval',
  'input',
  '*.input',
  'body',
  '*.body',
  'token',
  '*.token',
  'operatorToken',
  '*.operatorToken',
  'displayToken',
  '*.displayToken',
  'recoveryCode',
  '*.recoveryCode',
  'enrolmentCode',
  '*.enrolmentCode',
  'privateKey',
  '*.privateKey',
  'key',
  '*.key',
  'authorization',
  '*.authorization',
  'cookie',
  '*.cookie',
  'headers',
  '*.headers',
  'password',
  '*.password',
];

/** A PEM block, a bearer token, a URL's password: scrubbed from each line as it is written, whatever carried them. */
export function scrub(line: string): string {
  return line
    .replace(/-----BEGIN [A-Z0-9 ]+-----[\s\S]*?-----END [A-Z0-9 ]+-----/g, '[PEM]')
    .replace(/-----BEGIN [A-Z0-9 ]+-----[^"]*/g, '[PEM]')
    .replace(/(Bearer\s+)[A-Za-z0-9._~+/=-]+/g, '$1[Redacted]')
    .replace(/(\/\/[^:/@\s"]+:)[^@/\s"]+@/g, '$1***@');
}

export interface LogOptions {
  /** The folder of the log files (created when missing). */
  dir: string;
  /** The program (hall, counter, web): the files' name and each line's `post`. */
  name: string;
  /** Also JSON lines on stdout (default: when stdout is a terminal). */
  stdout?: boolean;
  level?: string;
  /** The size a file rolls at (default LOG_FILE_SIZE; tests roll sooner). */
  size?: string;
}

export interface OpenedLog {
  log: Log;
  /** The file in use now (name.N.log; `current.log` links to it). */
  file: () => string;
  /** Every line written out before the process ends. */
  close(): void;
}

function loggerOn(stream: DestinationStream, name: string, level: string): Log {
  return pino(
    {
      level,
      base: { post: name, pid: process.pid, version: versionLabel() },
      timestamp: pino.stdTimeFunctions.isoTime,
      redact: { paths: REDACT_PATHS, censor: '[Redacted]' },
      hooks: { streamWrite: scrub },
      formatters: { level: (label) => ({ level: label }) },
    },
    stream,
  );
}

/** The log file and its roller, open; null (said on stderr) when the folder or the file cannot be written. */
async function openRoll(o: LogOptions) {
  try {
    mkdirSync(o.dir, { recursive: true, mode: 0o750 });
    const roll = await pinoRoll({
      file: join(o.dir, o.name),
      extension: '.log',
      size: o.size ?? LOG_FILE_SIZE,
      frequency: 'daily',
      limit: { count: LOG_FILES_KEPT },
      symlink: true,
      mkdir: true,
      // Each line on disk when the call returns: a post that exits right after its last line (stopped, crashed) loses
      // none, and a test reads what was said. The log says events, not requests, so a write per line costs nothing.
      sync: true,
      // Read by the hall's technician and its group, not by every user of the machine.
      mode: 0o640,
    });
    // Open before the first line, so that flushSync works at once.
    if (roll.fd < 0) {
      await new Promise<void>((resolve, reject) => {
        roll.once('ready', resolve);
        roll.once('error', reject);
      });
    }
    return roll;
  } catch (e) {
    console.error(`[log] ${o.dir}: the log file cannot be written (${(e as { code?: string }).code ?? String(e)}); logging to stderr`);
    return null;
  }
}

/**
 * The program's log. It never stops the program: a folder that cannot be written logs to stderr instead, and a
 * write refused later (a full disk, where the kiosk goes on on its reserve) loses that line, said once on stderr.
 */
export async function openLog(o: LogOptions): Promise<OpenedLog> {
  const roll = await openRoll(o);
  let refused = false;
  roll?.on('error', (e: Error) => {
    if (refused) return;
    refused = true;
    console.error(`[log] a line could not be written: ${(e as { code?: string }).code ?? e.message}`);
  });
  const toStdout = o.stdout ?? process.stdout.isTTY === true;
  const outputs: DestinationStream[] = [...(roll ? [roll] : [process.stderr]), ...(toStdout ? [process.stdout] : [])];
  const stream: DestinationStream = outputs.length === 1 ? outputs[0]! : pino.multistream(outputs.map((s) => ({ stream: s })));
  const log = loggerOn(stream, o.name, o.level ?? process.env.KIOSK_LOG_LEVEL ?? 'info');
  return {
    log,
    file: () => roll?.file ?? 'stderr',
    close() {
      try {
        roll?.flushSync();
        roll?.end();
      } catch {
        // Nothing waiting, or the file already closed.
      }
    },
  };
}

/** A log that writes nowhere (tests, the programs of one shot). */
export function quietLog(): Log {
  return pino({ enabled: false });
}

/** An error as a log field: its name, message, code and stack; never its `details` (an input). */
export function errorFields(e: unknown): { error: { type: string; message: string; code?: string; stack?: string } } {
  // Under `error`, not pino's `err`: its serializer would take this plain object for an error of type Object.
  if (!(e instanceof Error)) return { error: { type: typeof e, message: String(e) } };
  const code = (e as { code?: unknown }).code;
  return { error: { type: e.name, message: e.message, ...(typeof code === 'string' ? { code } : {}), ...(e.stack ? { stack: e.stack } : {}) } };
}
