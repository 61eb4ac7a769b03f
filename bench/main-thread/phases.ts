// The screens measured, in order, on the same page: /orderrecord with 1,000 open orders, then /xq with the
// live chart and my 1,000 open orders on that product, then the same /xq as a member with no orders. The last
// two differ only by the orders, so their difference is what the orders (their rows, countdowns, strip and
// chart marks) cost over the chart alone.
import { MANY_ORDERS, ORDERS, type BenchMember, type BenchServer } from './fixture.ts';

export type Variant = 'ours' | 'baseline';
export type PhaseName = 'orderrecord' | 'xq' | 'xq-chart-alone' | 'orderrecord-10k' | 'xq-10k';

export interface Phase {
  readonly name: PhaseName;
  readonly label: string;
  path(variant: Variant, server: BenchServer): string;
  /** A page expression that is true once the screen shows all its data. */
  readonly ready: string;
  /** What a tap lands on: plain text, so the tap measures the page's responsiveness and changes nothing. */
  readonly tapTarget: string;
  /** Whose page it is (see BenchMember). */
  readonly member: BenchMember;
}

// Ours renders a window of rows (aria-setsize tells the full length); the baseline renders every row.
const rowsOf = (n: number) => `(document.querySelectorAll('.order-row').length >= ${n} || Number(document.querySelector('.order-row')?.getAttribute('aria-setsize') ?? 0) >= ${n})`;
const rows = rowsOf(ORDERS);
const countdownShown = `/\\d/.test(document.querySelector('.countdown')?.textContent ?? '')`;
const chartAndTape = `document.querySelector('.chart-box canvas') !== null && document.querySelectorAll('.tape tbody tr').length > 0`;
const xq = (variant: Variant, id: number): string => (variant === 'ours' ? `/xq?id=${id}` : `/bench-naive/index.html?view=xq&id=${id}`);

export const PHASES: readonly Phase[] = [
  {
    name: 'orderrecord',
    label: `/orderrecord, ${ORDERS} open orders`,
    path: (v) => (v === 'ours' ? '/orderrecord' : '/bench-naive/index.html?view=orderrecord'),
    ready: `${rows} && ${countdownShown}`,
    tapTarget: '.order-row:nth-child(2) .order-row__facts',
    member: 'demo',
  },
  {
    name: 'xq',
    label: `/xq, chart + ${ORDERS} open orders`,
    path: (v, s) => xq(v, s.ordersProductId),
    ready: `${rows} && ${countdownShown} && ${chartAndTape}`,
    tapTarget: '.quote',
    member: 'demo',
  },
  {
    name: 'xq-chart-alone',
    label: '/xq, the same chart alone (a member with no orders)',
    path: (v, s) => xq(v, s.ordersProductId),
    ready: chartAndTape,
    tapTarget: '.quote',
    member: 'none',
  },
];

/** Ours only (the naive page would not cope): a second member with 10,000 open orders, for the seam and the worker. */
export const MANY_PHASES: readonly Phase[] = [
  {
    name: 'orderrecord-10k',
    label: `/orderrecord, ${MANY_ORDERS} open orders`,
    path: () => '/orderrecord',
    ready: `${rowsOf(MANY_ORDERS)} && ${countdownShown}`,
    tapTarget: '.order-row:nth-child(2) .order-row__facts',
    member: 'many',
  },
  {
    name: 'xq-10k',
    label: `/xq, chart + ${MANY_ORDERS} open orders`,
    path: (_v, s) => `/xq?id=${s.manyOrdersProductId}`,
    ready: `${rowsOf(MANY_ORDERS)} && ${countdownShown} && ${chartAndTape}`,
    tapTarget: '.quote',
    member: 'many',
  },
];
