/**
 * The sale screen's side of the customer display (lib/customerDisplay.ts):
 * each new view is posted on the same-origin BroadcastChannel, a display that
 * opens (or reloads) says hello and is answered with the view of the moment,
 * and when the sale screen goes (a logout, another screen) the display goes
 * back to the welcome. A browser without BroadcastChannel simply has no
 * customer display; selling never waits on it.
 */
import { useEffect, useRef } from 'react';
import { i18n } from '../i18n/index.js';
import { CUSTOMER_CHANNEL, customerIdleView, customerViewOf, isCustomerMessage, type CustomerMessage, type CustomerSaleState, type CustomerView, type Translate } from './customerDisplay.js';

// The customer reads the hall's language (DN art. 18), not the one the cashier chose for the counter.
const customerT: Translate = (key, options) => i18n.t(key, { ...options, lng: 'pt-PT' });

export function useCustomerDisplay(state: CustomerSaleState): void {
  const view = customerViewOf(state, customerT);
  const text = JSON.stringify(view);
  const latest = useRef<CustomerView>(view);
  latest.current = view;
  const channel = useRef<BroadcastChannel | null>(null);

  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(CUSTOMER_CHANNEL);
    channel.current = ch;
    const post = (message: CustomerMessage) => ch.postMessage(message);
    ch.onmessage = (e: MessageEvent<unknown>) => {
      if (isCustomerMessage(e.data) && e.data.type === 'hello') post({ type: 'view', view: latest.current });
    };
    return () => {
      post({ type: 'view', view: customerIdleView(latest.current.hallName, customerT) });
      ch.close();
      if (channel.current === ch) channel.current = null;
    };
  }, []);

  // Posted when what the customer sees changes, not on every render of the screen.
  useEffect(() => {
    channel.current?.postMessage({ type: 'view', view: latest.current } satisfies CustomerMessage);
  }, [text]);
}
