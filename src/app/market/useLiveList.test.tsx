// The page's side of compact patches: results named by id, and field changes of rows it holds, fill them in.
import { createStore, Provider } from 'jotai';
import { describe, expect, it } from 'vitest';
import { render } from 'vitest-browser-react';
import type { Order } from '../../contract/market.ts';
import type { OrdersMessage } from '../../workers/api.ts';
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

/** The rows on a page, fed by a stand-in worker that has been subscribed to. */
async function renderRows() {
  const fake = fakeWorker();
  adoptMarketWorker(fake.worker);
  const screen = await render(
    <Provider store={createStore()}>
      <Rows worker={fake.worker} />
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
});
