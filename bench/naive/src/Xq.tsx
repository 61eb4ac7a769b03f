import { useEffect, useMemo, useRef, useState } from 'react';
import type { Order, ProductDetails, ProductSummary } from '../../../src/contract/market.ts';
import type { Res } from '../../../src/contract/api.ts';
import { post } from './api.ts';
import { NaiveOrderRow } from './NaiveOrderRow.tsx';
import { usePoll } from './usePoll.ts';
import { useNaiveChart } from './useNaiveChart.ts';

type Trade = Res<'product/trunover'>['trades'][number];
const TAPE_LENGTH = 50;

/** /xq, naive: product list, kdata, turnover and my orders polled on the main thread at the worker's periods. */
export function Xq({ id }: { readonly id: number }) {
  const [product, setProduct] = useState<ProductDetails | null>(null);
  useEffect(() => {
    void post('product/details', { id }).then(setProduct);
  }, [id]);
  return product ? <Loaded product={product} /> : <p className="muted">Loading…</p>;
}

function Loaded({ product }: { readonly product: ProductDetails }) {
  const { id } = product;
  const box = useRef<HTMLDivElement | null>(null);
  const chart = useNaiveChart(box, product.decimals);
  const [quote, setQuote] = useState<ProductSummary>(product);
  const [orders, setOrders] = useState<readonly Order[]>([]);
  const [trades, setTrades] = useState<readonly Trade[]>([]);
  const [stats, setStats] = useState<Res<'product/trunover'> | null>(null);
  const kdataCursor = useRef<number | undefined>(undefined);
  const tapeCursor = useRef<number | undefined>(undefined);

  usePoll(() => post('product/list', {}), 3_000, (d) => setQuote(d.items.find((p) => p.id === id) ?? product));
  usePoll(() => post('product/orders', { id }), 5_000, (d) => setOrders(d.items));
  usePoll(
    async () => {
      const since = kdataCursor.current;
      const answer = await post('product/kdata', since === undefined ? { id, interval: '1m', limit: 500 } : { id, interval: '1m', since });
      const newest = answer.bars[answer.bars.length - 1];
      if (newest) kdataCursor.current = newest[0];
      return answer;
    },
    3_000,
    (answer) => chart.kdata(answer.bars),
  );
  usePoll(
    async () => {
      const since = tapeCursor.current;
      const answer = await post('product/trunover', since === undefined ? { id } : { id, since });
      const newest = answer.trades[answer.trades.length - 1];
      if (newest) tapeCursor.current = newest[0];
      return answer;
    },
    1_000,
    (answer) => {
      setStats(answer);
      setTrades((before) => [...before, ...answer.trades].slice(-TAPE_LENGTH));
      chart.lastPrice(Number(answer.price));
    },
  );

  // The price lines are redrawn when the set of open orders changes, as the app's diffed marks are.
  const openKey = orders.filter((o) => o.status === 'open').map((o) => o.id).join(',');
  const marks = useMemo(
    () =>
      orders
        .filter((o) => o.status === 'open')
        .map((o) => ({
          id: o.id,
          direction: o.direction,
          openPrice: Number(o.openPrice),
          openTime: o.openTime,
          settleTime: o.settleTime,
          label: `${o.direction === 'rise' ? 'Rise' : 'Fall'} · ${new Date(o.settleTime).toLocaleTimeString('en-US')}`,
        })),
    // Keyed by the open ids: a poll with the same open orders keeps the marks.
    [openKey],
  );
  // Only when the marks change (the hook's object is new every render).
  useEffect(() => chart.marks(marks), [marks]);

  return (
    <div className="stack xq">
      <header className="quote">
        <div>
          <h2 className="quote__symbol">{product.symbol}</h2>
          <p className="muted">{product.name}</p>
        </div>
        <div className="quote__figures">
          <span className="quote__price">{quote.price}</span>
          <span className="change-pill change-pill--flat">{quote.changePct}%</span>
        </div>
      </header>
      <section className="panel live-panel chart-panel">
        <div ref={box} className="chart-box" />
      </section>
      <section className="panel live-panel">
        <h2>My orders</h2>
        <ul className="order-list">
          {orders.map((o) => (
            <NaiveOrderRow key={o.id} order={o} />
          ))}
        </ul>
      </section>
      <section className="panel live-panel">
        <h2>Trades</h2>
        {stats ? (
          <dl className="stats">
            <div><dt>24h high</dt><dd>{stats.high24h}</dd></div>
            <div><dt>24h low</dt><dd>{stats.low24h}</dd></div>
            <div><dt>24h volume</dt><dd>{stats.volume24h}</dd></div>
            <div><dt>24h amount</dt><dd>{stats.amount24h}</dd></div>
          </dl>
        ) : null}
        <table className="tape">
          <tbody>
            {trades.map(([time, price, quantity, side], i) => (
              <tr key={`${time}-${i}`}>
                <td>{new Date(time).toLocaleTimeString('en-US')}</td>
                <td className={side === 'rise' ? 'trend-up' : 'trend-down'}>{price}</td>
                <td>{quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </section>
    </div>
  );
}
