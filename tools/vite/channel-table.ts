/**
 * Build step: renderer/lib/channels.ts computes each channel's kind and
 * topics from core/contract.ts, which pulls zod and every schema into the
 * page. The build loads it instead as the literal table it evaluates to here,
 * in Node, from the same module: one source, nothing to keep in step.
 * Builds only: the table is computed when the config loads, and the dev
 * server must see a channel added to the contract without a restart.
 */
import { fileURLToPath } from 'node:url';
import type { Plugin } from 'vite';
import { CHANNEL_TABLE } from '../../renderer/lib/channels.js';

export const CHANNEL_TABLE_MODULE = fileURLToPath(new URL('../../renderer/lib/channels.ts', import.meta.url));

/** The module as the bundle gets it: the table and nothing else (its types are erased anyway). */
export function channelTableSource(): string {
  return `export const CHANNEL_TABLE = ${JSON.stringify(CHANNEL_TABLE)};\n`;
}

export function channelTable(): Plugin {
  return {
    name: 'kiosk-channel-table',
    apply: 'build',
    enforce: 'pre',
    load(id) {
      // Vite's ids have forward slashes on every system.
      const path = id.split('?')[0]?.replaceAll('\\', '/');
      return path === CHANNEL_TABLE_MODULE.replaceAll('\\', '/') ? channelTableSource() : null;
    },
  };
}
