// The page's side of compact patches: results named by id, and field changes of rows it holds, fill them in.
import { createStore, Provider } from 'jotai';
import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { Order } from '../../contract/market.ts';
import type { OrdersMessage } from '../../workers/api.ts';
import { whenReactIsIdle } from '../testing/reactIdle.ts';
import { standInWorker } from '../testing/standInWorker.ts';
import { adoptMarketWorker, type MarketWorker } from './marketWorker.ts';
import { useLiveList } from './useLiveList.ts';

const open = (id: number): Order => ({
  id, orderNo: `N${id}`, productId: 12, symbol: 'BTCUSDT', direction: 'rise', amount: '10.00', fee: '0.02', cycle: 60,
  payoutRate: '0.85', openPrice: '100.00', openTime: 1_700_000_000_000, settleTime: 1_700_000_060_000, settlePrice: null, status: 'open', profit: null,
});

const fakeWorker = () => standInWorker<OrdersMessage>('watchProductOrders');

const byId = (a: Order, b: Order): number => a.id - b.id;

function Rows({ worker }: { readonly worker: MarketWorker }) {
  const { items } = useLiveList(worker, 'orders', (w, cb) => w.watchProductOrders({ id: 12 }, cb), byId);
  return <p data-testid="rows">{(items ?? []).map((o) => `${o.id}:${o.status}:${o.settlePrice ?? '-'}:${o.profit ?? '-'}`).join(' ')}</p>;
}

/** Commits and renders of the panel: React may call a component whose state did not change, but then commits nothing. */
let commits = 0;
let renders = 0;
function RowsAndHealth({ worker }: { readonly worker: MarketWorker }) {
  renders++;
  useEffect(() => void commits++);
  const { items, live } = useLiveList(worker, 'orders', (w, cb) => w.watchProductOrders({ id: 12 }, cb), byId);
  return <p data-testid="rows">{`${items?.length ?? '-'} rows, ${live.stale ? 'stale' : 'fresh'}`}</p>;
}

/** The rows on a page, fed by a stand-in worker that has been subscribed to. */
async function renderRows(View: typeof Rows = Rows) {
  const fake = fakeWorker();
  adoptMarketWorker(fake.worker);
  const screen = await render(
    <Provider store={createStore()}>
      <View worker={fake.worker} />
    </Provider>,
  );
  await expect.poll(fake.subscribed).toBe(true);
  return { fake, screen };
}

describe('useLiveList', () => {
  it('fills in the results a patch names by id, and keeps the rest of each row', async () => {
    const { fake, screen } = await renderRows();
    fake.send({ kind: 'reset', items: [open(1), open(2), open(3)], total: 3 });
    await expect.element(screen.getByTestId('rows')).toHaveTextContent('1:open:-:- 2:open:-:- 3:open:-:-');
    fake.send({
      kind: 'patch', upserts: [], removed: [], total: 3,
      settled: [
        { status: 'won', settlePrice: '101.00', results: [[1, '8.50']] },
        { status: 'lost', settlePrice: '101.00', results: [[3, '-10.00']] },
      ],
    });
    await expect.element(screen.getByTestId('rows')).toHaveTextContent('1:won:101.00:8.50 2:open:-:- 3:lost:101.00:-10.00');
  });

  it('lays field changes over the rows it holds and keeps the rest of each row', async () => {
    const { fake, screen } = await renderRows();
    fake.send({ kind: 'reset', items: [open(1), open(2)], total: 2 });
    await expect.element(screen.getByTestId('rows')).toHaveTextContent('1:open:-:- 2:open:-:-');
    // A change for a row not held (id 9) is dropped, not made into a half row.
    fake.send({ kind: 'patch', upserts: [], removed: [], total: 2, changes: [{ id: 2, settlePrice: '99.00' }, { id: 9, status: 'won' }] });
    await expect.element(screen.getByTestId('rows')).toHaveTextContent(/^1:open:-:- 2:open:99\.00:-$/);
  });

  it('commits nothing for a status that changes nothing shown, and once for one that does', async () => {
    const { fake, screen } = await renderRows(RowsAndHealth);
    const rows = screen.getByTestId('rows');
    fake.send({ kind: 'reset', items: [open(1)], total: 1 });
    await expect.element(rows).toHaveTextContent('1 rows, fresh');
    const before = commits;
    const rendersBefore = renders;
    // A fresh status on fresh rows, then a change the test can wait for: one commit, the change's. The rows go in a
    // transition and a status does not, so a status that changed the state would commit on its own, not batched.
    fake.send({ kind: 'status', stale: false, reconnecting: false, lastGoodAt: 1 });
    fake.send({ kind: 'reset', items: [open(1), open(2)], total: 2 });
    await expect.element(rows).toHaveTextContent('2 rows, fresh');
    expect(commits - before).toBe(1);
    // Nor one render more: a status written as the same value stays queued in React and renders the panel again,
    // for nothing, after the rows' transition.
    await whenReactIsIdle();
    expect(renders - rendersBefore).toBe(1);
    fake.send({ kind: 'status', stale: true, reconnecting: false, lastGoodAt: 1 });
    await expect.element(rows).toHaveTextContent('2 rows, stale');
    expect(commits - before).toBe(2);
  });
});
