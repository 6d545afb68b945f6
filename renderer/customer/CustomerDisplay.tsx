/**
 * The customer display (issue 38) on the counter's second monitor: the sale
 * being made, as lib/customerDisplay.ts makes its view, and nothing else.
 * Read-only, no pointer, large type. It asks for the view of the moment when
 * it opens (a sale screen open on this origin answers) and keeps the last
 * welcome, so a reload with no sale screen open still greets with the hall's
 * name.
 */
import { useEffect, useState } from 'react';
import { CUSTOMER_CHANNEL, isCustomerMessage, isCustomerView, type CustomerMessage, type CustomerView } from '../lib/customerDisplay.js';

const IDLE_KEY = 'kiosk.customerDisplay.idle';

function storedIdle(): CustomerView | null {
  try {
    const v: unknown = JSON.parse(localStorage.getItem(IDLE_KEY) ?? 'null');
    return isCustomerView(v) && v.kind === 'idle' ? v : null;
  } catch {
    return null;
  }
}

export function CustomerDisplay() {
  const [view, setView] = useState<CustomerView | null>(storedIdle);
  useEffect(() => {
    if (typeof BroadcastChannel === 'undefined') return;
    const ch = new BroadcastChannel(CUSTOMER_CHANNEL);
    ch.onmessage = (e: MessageEvent<unknown>) => {
      if (!isCustomerMessage(e.data) || e.data.type !== 'view') return;
      const next = e.data.view;
      setView(next);
      if (next.kind === 'idle') {
        try {
          localStorage.setItem(IDLE_KEY, JSON.stringify(next));
        } catch {
          // Storage off: the welcome comes back with the next sale screen.
        }
      }
    };
    ch.postMessage({ type: 'hello' } satisfies CustomerMessage);
    return () => ch.close();
  }, []);

  return (
    <main className={`customer customer-${view?.kind ?? 'idle'}`} data-testid="customer-display" data-kind={view?.kind ?? 'none'} aria-live="polite">
      {view === null ? <h1 className="customer-welcome">{'\u00a0'}</h1> : view.kind === 'idle' ? <Idle view={view} /> : <Sale view={view} />}
    </main>
  );
}

function Idle({ view }: { view: Extract<CustomerView, { kind: 'idle' }> }) {
  return (
    <>
      {view.hallName ? (
        <p className="customer-hall-big" data-testid="customer-hall">
          {view.hallName}
        </p>
      ) : null}
      <h1 className="customer-welcome" data-testid="customer-welcome">
        {view.welcome}
      </h1>
    </>
  );
}

function Sale({ view }: { view: Exclude<CustomerView, { kind: 'idle' }> }) {
  return (
    <>
      <header className="customer-head">
        <h1 className="customer-heading" data-testid="customer-heading">
          {view.heading}
        </h1>
        {view.hallName ? (
          <p className="customer-hall" data-testid="customer-hall">
            {view.hallName}
          </p>
        ) : null}
      </header>
      <table className="customer-lines" data-testid="customer-lines">
        <thead>
          <tr>
            <th scope="col" className="num">{view.columns.quantity}</th>
            <th scope="col">{view.columns.item}</th>
            <th scope="col" className="num">{view.columns.unitPrice}</th>
            <th scope="col" className="num">{view.columns.amount}</th>
          </tr>
        </thead>
        <tbody>
          {view.lines.map((l, i) => (
            <tr key={i} data-testid="customer-line">
              <td className="num">{l.quantity}</td>
              <td>{l.item}</td>
              <td className="num">{l.unitPrice}</td>
              <td className="num">{l.amount}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {view.cards ? (
        <section className="customer-cards" aria-labelledby="customer-cards-label">
          <h2 id="customer-cards-label" className="customer-cards-label">
            {view.cards.label}
          </h2>
          {/* More than three ranges (a sale across series) in smaller type: the amounts keep their place on screen. */}
          <ul className={view.cards.ranges.length > 3 ? 'customer-ranges many' : 'customer-ranges'} data-testid="customer-cards">
            {view.cards.ranges.map((r) => (
              <li key={r}>{r}</li>
            ))}
          </ul>
        </section>
      ) : null}
      <dl className="customer-amounts">
        {view.amounts.map((a) => (
          <div key={a.key} className={`customer-amount customer-amount-${a.key}`}>
            <dt>{a.label}</dt>
            <dd data-testid={`customer-${a.key}`}>{a.value}</dd>
          </div>
        ))}
      </dl>
    </>
  );
}
