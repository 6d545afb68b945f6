/**
 * Several hosts on one machine for the hall's network tests (issue 24): the
 * hall server stays in this namespace on a bridge, each counter gets a network
 * namespace of its own joined to the bridge by a veth pair. Needs root and
 * `ip` (iproute2); `netnsAvailable()` says whether this machine has them.
 * Cutting a counter's link is `ip link set <hostEnd> down`, as a pulled cable.
 */
import { execFileSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';

export interface CounterHost {
  /** The namespace's name (`ip netns exec <ns> …`). */
  ns: string;
  /** The counter's address on the hall's network. */
  address: string;
  /** The veth end on the bridge: down = the counter's cable pulled. */
  hostEnd: string;
}

export interface HallNetwork {
  bridge: string;
  /** The hall server's address on the bridge. */
  hallAddress: string;
  counters: CounterHost[];
  /** Pull or plug a counter's cable. */
  setLink(counter: CounterHost, up: boolean): void;
  destroy(): void;
}

const ip = (...args: string[]) => execFileSync('ip', args, { stdio: ['ignore', 'pipe', 'pipe'] }).toString();

export function netnsAvailable(): boolean {
  if (process.getuid?.() !== 0) return false;
  const probe = `probe-${randomBytes(3).toString('hex')}`;
  try {
    ip('netns', 'add', probe);
    ip('netns', 'del', probe);
    return true;
  } catch {
    return false;
  }
}

/** A bridge 10.<n>.0.1/24 in this namespace and `count` counters at 10.<n>.0.11, .12, … in namespaces of their own. */
export function createHallNetwork(count: number): HallNetwork {
  const tag = randomBytes(2).toString('hex');
  const subnet = 60 + (parseInt(tag, 16) % 150);
  const bridge = `brh${tag}`;
  const hallAddress = `10.${subnet}.0.1`;
  const counters: CounterHost[] = [];
  const destroy = () => {
    for (const c of counters) {
      try {
        ip('link', 'del', c.hostEnd);
      } catch {
        /* gone with its namespace */
      }
      try {
        ip('netns', 'del', c.ns);
      } catch {
        /* never made */
      }
    }
    try {
      ip('link', 'del', bridge);
    } catch {
      /* never made */
    }
  };
  try {
    ip('link', 'add', bridge, 'type', 'bridge');
    ip('addr', 'add', `${hallAddress}/24`, 'dev', bridge);
    ip('link', 'set', bridge, 'up');
    for (let i = 1; i <= count; i++) {
      const c: CounterHost = { ns: `cnt${tag}-${i}`, address: `10.${subnet}.0.${10 + i}`, hostEnd: `vh${tag}${i}` };
      const inner = `vc${tag}${i}`;
      ip('netns', 'add', c.ns);
      counters.push(c);
      ip('link', 'add', c.hostEnd, 'type', 'veth', 'peer', 'name', inner);
      ip('link', 'set', inner, 'netns', c.ns);
      ip('link', 'set', c.hostEnd, 'master', bridge);
      ip('link', 'set', c.hostEnd, 'up');
      ip('-n', c.ns, 'addr', 'add', `${c.address}/24`, 'dev', inner);
      ip('-n', c.ns, 'link', 'set', inner, 'up');
      ip('-n', c.ns, 'link', 'set', 'lo', 'up');
    }
  } catch (e) {
    destroy();
    throw e;
  }
  return {
    bridge,
    hallAddress,
    counters,
    setLink(counter, up) {
      ip('link', 'set', counter.hostEnd, up ? 'up' : 'down');
    },
    destroy,
  };
}
