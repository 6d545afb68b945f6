/**
 * What the renderer needs of the contract at run time: each channel's kind
 * (a command's answer is followed by its event) and its topics. The schemas
 * (zod) are for the kiosk's side and for types only.
 *
 * Written here from core/contract.ts, so it cannot drift; the build replaces
 * this module by the literal table it evaluates to (tools/vite/channel-table.ts),
 * which keeps zod and the schemas out of the page that logs in.
 */
import { CHANNELS, contract, keepsKey, type Channel, type Topic } from '../../core/contract.js';

interface ChannelInfo {
  kind: 'command' | 'query';
  topics: readonly Topic[];
  /** A command whose answer the hall keeps under its Idempotency-Key (not a secret answer's, not an unkeyed one's). */
  keyKept: boolean;
}

export const CHANNEL_TABLE: Readonly<Record<Channel, ChannelInfo>> = Object.fromEntries(
  CHANNELS.map((c) => {
    const def: { kind: 'command' | 'query'; topics: readonly Topic[] } = contract[c];
    return [c, { kind: def.kind, topics: def.topics, keyKept: keepsKey(c) }];
  }),
) as Record<Channel, ChannelInfo>;
