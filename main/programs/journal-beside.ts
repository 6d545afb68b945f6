/** The group journal's shipper started beside a kiosk of the command line (web, hall). */
import { join } from 'node:path';
import { refusalText } from '../../core/errors.js';
import { KioskError } from '../../core/refusal.js';
import { DATABASE_FILE, type Kiosk } from '../kiosk.js';
import { startShipper, type Shipper } from '../journal/shipper.js';
import { quietLog, type Log } from '../watch/log.js';

/**
 * The group journal's shipper beside this kiosk, when a group database is given (--journal-url, or
 * KIOSK_JOURNAL_URL): started once the kiosk is open, its state on system.health; every screen is told when
 * it changes kind (out of reach, diverged, caught up) and, while shipping, at most every 2 s.
 */
export function journalBeside(url: string | undefined, log: Log = quietLog()) {
  let shipper: Shipper | null = null;
  return {
    state: () => shipper?.state() ?? null,
    start(kiosk: Kiosk, dataDir: string) {
      if (!url) return;
      let told = { kind: '', at: 0 };
      let trailing: NodeJS.Timeout | null = null;
      const tell = () => {
        trailing = null;
        told = { kind: shipper?.state().state ?? '', at: Date.now() };
        kiosk.emit({ type: 'changed', channel: 'system.health', topics: ['health'], at: new Date().toISOString() });
      };
      shipper = startShipper({
        file: join(dataDir, DATABASE_FILE),
        url,
        onState: (s) => {
          if (s.state !== told.kind) {
            // Each change of kind, as the technician's log line: the group's head, the backlog, the cause (no address).
            const fields = { journal: s.state, groupHead: s.groupHead, backlog: s.backlog, ...(s.cause ? { cause: s.cause } : {}) };
            if (s.state === 'unreachable' || s.state === 'diverged' || s.state === 'behind') log.warn(fields, 'group journal trouble');
            else log.info(fields, s.state === 'caught-up' ? 'group journal shipped' : 'group journal state');
            if (s.state === 'unreachable') console.error(refusalText(new KioskError('JOURNAL_DATABASE_UNREACHABLE', { cause: s.cause ?? '' })));
            if (s.state === 'diverged') console.error(refusalText(new KioskError('JOURNAL_DIVERGED', { seq: s.divergedSeq ?? 0 })));
            if (trailing) clearTimeout(trailing);
            tell();
          } else if (!trailing) {
            // The same kind with another backlog: told at most every 2 s, the last change included.
            trailing = setTimeout(tell, Math.max(0, 2000 - (Date.now() - told.at)));
            trailing.unref();
          }
        },
        onFailed: (message) => {
          log.error({ journal: 'stopped', message }, 'group journal shipper stopped');
          console.error(`[journal] o envio ao grupo parou: ${message}`);
        },
        // The group's cosignatures of the hall's checkpoints: kept for the inspector's exports.
        onCosignatures: (rows) => void kiosk.keepCosignatures(rows),
      });
      console.log(`Diário do grupo: enviado para ${redactUrl(url)}`);
      log.info({ group: redactUrl(url) }, 'group journal shipper started');
    },
    stop: () => shipper?.stop() ?? Promise.resolve(),
  };
}

/** A database URL as printed: without its password. */
function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'postgres://…';
  }
}
