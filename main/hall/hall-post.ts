/**
 * The hall server's side beside its kiosk, the same for `npm run hall` and
 * the installed program: the hall's own authority (opened or made in the data
 * folder) and the terminals port, and what the counters are to be told (the
 * addresses they reach it by, the fingerprint they pin).
 */
import { networkInterfaces, type NetworkInterfaceInfo } from 'node:os';
import type { Kiosk } from '../kiosk.js';
import { openHallPki, type HallPki } from './pki.js';
import { startTerminalsServer, type TerminalsServer } from './terminals-server.js';
import type { Log } from '../watch/log.js';

interface HallPostInfo {
  terminalsPort: number;
  bind: string;
  /** `https://ADDR:P` the counters may be given: the bound address, or every IPv4 address of the post on its LAN. */
  addresses: string[];
  /** `sha256:<64 hex>` of the terminals port's certificate. */
  fingerprint: string;
}

export interface HallPost {
  pki: HallPki;
  terminals: TerminalsServer;
  info: HallPostInfo;
  close(): Promise<void>;
}

/** The addresses a counter can be given for a terminals port bound to `bind` (every address: the post's LAN ones). */
export function terminalsAddresses(
  bind: string,
  port: number,
  interfaces: NodeJS.Dict<NetworkInterfaceInfo[]> = networkInterfaces(),
): string[] {
  // Bound to every address (IPv4's or IPv6's wildcard): the post's own, not the wildcard, are what a counter is given.
  if (bind !== '0.0.0.0' && bind !== '::') return [`https://${bind.includes(':') ? `[${bind}]` : bind}:${port}`];
  return Object.values(interfaces)
    .flat()
    .filter((i): i is NetworkInterfaceInfo => i !== undefined && i.family === 'IPv4' && !i.internal)
    .map((i) => `https://${i.address}:${port}`);
}

export async function startHallPost(o: { kiosk: Kiosk; dataDir: string; terminalsPort: number; bind: string; log?: Log }): Promise<HallPost> {
  const pki = await openHallPki(o.dataDir, { bind: o.bind });
  const terminals = await startTerminalsServer({ kiosk: o.kiosk, port: o.terminalsPort, bind: o.bind, pki, ...(o.log ? { log: o.log } : {}) });
  return {
    pki,
    terminals,
    info: { terminalsPort: terminals.port, bind: o.bind, addresses: terminalsAddresses(o.bind, terminals.port), fingerprint: pki.serverFingerprint },
    close: () => terminals.close(),
  };
}
