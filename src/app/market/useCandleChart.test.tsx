// The chart library loads after the chart's data can already arrive: what came first must be drawn, in order.
import { createStore, Provider } from 'jotai';
import { useRef, type ReactElement } from 'react';
import { MemoryRouter } from '../router/navigation.tsx';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { render } from 'vitest-browser-react';
import type { CandleDelta } from '../../workers/api.ts';
import { standInWorker } from '../testing/standInWorker.ts';
import { adoptMarketWorker } from './marketWorker.ts';
import { useCandleChart } from './useCandleChart.ts';
import { yieldToMain } from './yieldToMain.ts';

const held = vi.hoisted(() => {
  let open: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (open = resolve));
  const applied: unknown[] = [];
  return { gate, open: () => open(), applied, built: 0 };
});

// The library's module is released by the test, after the worker's first messages have been delivered.
vi.mock('../../charts/candle-chart.ts', async () => {
  await held.gate;
  return {
    createCandleChart: () => (held.built++, {
      apply: (delta: unknown) => held.applied.push(delta),
      setOrderMarks: () => undefined,
      dispose: () => undefined,
    }),
  };
});

const bar = (time: number, close: number) => ({ time, open: close, high: close, low: close, close, volume: 1 });

/** The candle subscription as the page sees it: the test delivers each message. */
const fakeWorker = () => standInWorker<CandleDelta>('watchCandles');

function Chart({ load }: { readonly load?: () => Promise<never> }) {
  const box = useRef<HTMLDivElement | null>(null);
  const { failed } = useCandleChart(box, { id: 12, interval: '1m', decimals: 2, locale: 'en-US', decimalMark: '.', marks: [], ...(load ? { load } : {}) });
  return (
    <>
      {failed ? <p role="alert">chart failed</p> : null}
      <div ref={box} style={{ height: 100 }} />
    </>
  );
}

const renderChart = (chart: ReactElement) =>
  render(
    <Provider store={createStore()}>
      <MemoryRouter>{chart}</MemoryRouter>
    </Provider>,
  );

afterEach(() => vi.restoreAllMocks());

describe('the candle chart hook', () => {
  it('draws the history and the deltas that arrived while the chart library was loading, in order', async () => {
    const fake = fakeWorker();
    adoptMarketWorker(fake.worker);
    await renderChart(<Chart />);
    await expect.poll(fake.subscribed).toBe(true);
    const stale: CandleDelta = { kind: 'reset', interval: '1m', bars: [bar(0, 1)] };
    const history: CandleDelta = { kind: 'reset', interval: '1m', bars: [bar(0, 1), bar(60_000, 2)] };
    const append: CandleDelta = { kind: 'append', bar: bar(120_000, 3) };
    const update: CandleDelta = { kind: 'update', bar: bar(120_000, 3.5) };
    fake.send(stale);
    fake.send(history);
    fake.send(append);
    expect(held.applied).toEqual([]);
    held.open();
    // A reset replaces whatever waited before it; the rest follow in order, then live deltas go straight in.
    await expect.poll(() => held.applied).toEqual([history, append]);
    fake.send(update);
    expect(held.applied).toEqual([history, append, update]);
  });

  it("says so when the chart library does not arrive (the network dropped), and draws nothing", async () => {
    const fake = fakeWorker();
    adoptMarketWorker(fake.worker);
    const screen = await renderChart(<Chart load={() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))} />);
    await expect.element(screen.getByRole('alert')).toHaveTextContent('chart failed');
  });

  it('builds no empty chart: the loaded library waits for the first bars', async () => {
    held.built = 0;
    held.applied.length = 0;
    const fake = fakeWorker();
    adoptMarketWorker(fake.worker);
    await renderChart(<Chart />);
    await expect.poll(fake.subscribed).toBe(true);
    // The hook asked for the library (already loaded by the test above) before this; its continuation and its
    // yield to the main thread were queued first, so both have run once ours have.
    await import('../../charts/candle-chart.ts');
    await yieldToMain();
    expect(held.built).toBe(0);
    const history: CandleDelta = { kind: 'reset', interval: '1m', bars: [bar(0, 1)] };
    fake.send(history);
    await expect.poll(() => held.applied).toEqual([history]);
    expect(held.built).toBe(1);
  });

  it('asks for neither the library nor the bars before the screen has been painted', async () => {
    const fake = fakeWorker();
    adoptMarketWorker(fake.worker);
    let libraryAsked = false;
    const seenAtFirstFrame = new Promise<{ library: boolean; bars: boolean }>((resolve) =>
      // The first frame after the render: a request made before it would share the line with what it paints.
      requestAnimationFrame(() => resolve({ library: libraryAsked, bars: fake.subscribed() })),
    );
    await renderChart(<Chart load={() => ((libraryAsked = true), new Promise<never>(() => undefined))} />);
    expect(await seenAtFirstFrame).toEqual({ library: false, bars: false });
    await expect.poll(() => libraryAsked && fake.subscribed()).toBe(true);
  });
});
