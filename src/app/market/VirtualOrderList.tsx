import { useEffect, useRef } from 'react';
import { useChangedState } from '../hooks/useChangedState.ts';
import type { Order } from '../../contract/market.ts';
import { OrderRow } from './OrderRow.tsx';
// The pinned row height lives there; the component needs it wherever it is used.
import './market.css';

/**
 * Every row of a windowed list is this tall (market.css pins `.order-list--virtual .order-row` to the same
 * value), so a row's position is its index times this and nothing has to be measured per row.
 */
export const ORDER_ROW_HEIGHT = 92;
/** Rows kept above and below the viewport, so a fling shows rows (and their countdowns) at once. */
const OVERSCAN = 6;
/** Before the first measurement: the top of the list, a phone screen's worth, so the newest rows exist at once. */
const FIRST_WINDOW = 16;

interface Window {
  readonly start: number;
  readonly end: number;
}
const sameWindow = (a: Window, b: Window): boolean => a.start === b.start && a.end === b.end;

/**
 * A long list of orders that renders only the rows in and near the viewport (the page scrolls, not the list),
 * with padding standing in for the rest: a thousand open positions cost the DOM, style, layout and React
 * about twenty rows, and the countdown board watches about twenty nodes. Each row keeps its place in the
 * whole list for assistive technology (aria-setsize / aria-posinset).
 */
export function VirtualOrderList({ orders, label }: { readonly orders: readonly Order[]; readonly label?: string }) {
  const list = useRef<HTMLUListElement | null>(null);
  const [window_, setWindow] = useChangedState<Window>({ start: 0, end: FIRST_WINDOW }, sameWindow);
  const count = orders.length;

  useEffect(() => {
    const node = list.current;
    if (!node) return;
    let frame: number | null = null;
    const measure = (): void => {
      frame = null;
      // One read per scroll frame; the list's top relative to the viewport says which rows are on screen.
      const top = node.getBoundingClientRect().top;
      const start = Math.max(0, Math.floor(-top / ORDER_ROW_HEIGHT) - OVERSCAN);
      const end = Math.min(count, Math.max(start, Math.ceil((window.innerHeight - top) / ORDER_ROW_HEIGHT) + OVERSCAN));
      // Same window: nothing written, so scrolling within a row renders nothing.
      setWindow({ start, end });
    };
    const schedule = (): void => {
      frame ??= requestAnimationFrame(measure);
    };
    measure();
    window.addEventListener('scroll', schedule, { passive: true });
    window.addEventListener('resize', schedule);
    // Content above that grows or shrinks (the chart built, the tape filling) moves the list with no scroll:
    // the page's height changes, so measure again.
    const page = new ResizeObserver(schedule);
    page.observe(document.documentElement);
    return () => {
      page.disconnect();
      window.removeEventListener('scroll', schedule);
      window.removeEventListener('resize', schedule);
      if (frame !== null) cancelAnimationFrame(frame);
    };
  }, [count, setWindow]);

  // The list may have shrunk since the window was measured.
  const end = Math.min(window_.end, count);
  const start = Math.min(window_.start, end);
  return (
    <ul
      ref={list}
      className="order-list order-list--virtual"
      aria-label={label}
      style={{
        paddingTop: start * ORDER_ROW_HEIGHT,
        paddingBottom: (count - end) * ORDER_ROW_HEIGHT,
      }}
    >
      {orders.slice(start, end).map((o, i) => (
        <OrderRow key={o.id} order={o} posInSet={start + i + 1} setSize={count} />
      ))}
    </ul>
  );
}
