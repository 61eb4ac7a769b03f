// The first view draws the bars from the start; the chart library loads only when the member reaches for the chart,
// and the full chart then takes over every bar the view had, live deltas after.
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
      <div ref={box} data-testid="chart" style={{ height: 100 }} />
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

const chartBox = (): Element | null => document.querySelector('[data-testid="chart"]');
/** The member reaches for the chart: a tap on its box ends. */
const reach = (): void => {
  chartBox()?.dispatchEvent(new PointerEvent('pointerup', { bubbles: true, pointerType: 'touch' }));
};
const previewCanvas = (): HTMLCanvasElement | null => document.querySelector('[data-testid="chart"] canvas');

describe('the candle chart hook', () => {
  it('draws the bars in the first view, and the full chart takes every one over when the member reaches for it', async () => {
    const fake = fakeWorker();
    adoptMarketWorker(fake.worker);
    await renderChart(<Chart />);
    await expect.poll(fake.subscribed).toBe(true);
    const stale: CandleDelta = { kind: 'reset', interval: '1m', bars: [bar(0, 1)] };
    const history: CandleDelta = { kind: 'reset', interval: '1m', bars: [bar(0, 1), bar(60_000, 2)] };
    fake.send(stale);
    fake.send(history);
    fake.send({ kind: 'append', bar: bar(120_000, 3) });
    expect(previewCanvas()).not.toBeNull();
    reach();
    fake.send({ kind: 'update', bar: bar(120_000, 3.5) });
    expect(held.applied).toEqual([]);
    held.open();
    // The view's bars as one reset (a reset replaced what came before it; the update changed the last bar).
    await expect.poll(() => held.applied).toEqual([{ kind: 'reset', interval: '1m', bars: [bar(0, 1), bar(60_000, 2), bar(120_000, 3.5)] }]);
    expect(previewCanvas()).toBeNull();
    const live: CandleDelta = { kind: 'update', bar: bar(120_000, 4) };
    fake.send(live);
    expect(held.applied.at(-1)).toEqual(live);
  });

  it('keeps the first view live and says so when the chart library does not arrive (the network dropped)', async () => {
    const fake = fakeWorker();
    adoptMarketWorker(fake.worker);
    const screen = await renderChart(<Chart load={() => Promise.reject(new TypeError('Failed to fetch dynamically imported module'))} />);
    await expect.poll(fake.subscribed).toBe(true);
    fake.send({ kind: 'reset', interval: '1m', bars: [bar(0, 1)] });
    reach();
    await expect.element(screen.getByRole('alert')).toHaveTextContent('chart failed');
    expect(previewCanvas()).not.toBeNull();
  });

  it('builds no empty chart: reached before any bar, the full chart is built from the first ones', async () => {
    held.built = 0;
    held.applied.length = 0;
    const fake = fakeWorker();
    adoptMarketWorker(fake.worker);
    await renderChart(<Chart />);
    await expect.poll(fake.subscribed).toBe(true);
    reach();
    // The hook asked for the library (already loaded by the test above) at the touch; its continuation and its
    // yield to the main thread were queued first, so both have run once ours have.
    await import('../../charts/candle-chart.ts');
    await yieldToMain();
    expect(held.built).toBe(0);
    const history: CandleDelta = { kind: 'reset', interval: '1m', bars: [bar(0, 1)] };
    fake.send(history);
    await expect.poll(() => held.applied).toEqual([history]);
    expect(held.built).toBe(1);
  });

  it('asks for the bars once the screen has been painted, and for the library only when the member reaches for the chart, not as a finger passes', async () => {
    const fake = fakeWorker();
    adoptMarketWorker(fake.worker);
    let libraryAsked = false;
    const seenAtFirstFrame = new Promise<{ library: boolean; bars: boolean }>((resolve) =>
      // The first frame after the render: a request made before it would share the line with what it paints.
      requestAnimationFrame(() => resolve({ library: libraryAsked, bars: fake.subscribed() })),
    );
    await renderChart(<Chart load={() => ((libraryAsked = true), new Promise<never>(() => undefined))} />);
    expect(await seenAtFirstFrame).toEqual({ library: false, bars: false });
    await expect.poll(fake.subscribed).toBe(true);
    fake.send({ kind: 'reset', interval: '1m', bars: [bar(0, 1)] });
    await expect.poll(previewCanvas).not.toBeNull();
    // A finger passing over it (as a page scroll starts) is no reach; a mouse over it is.
    chartBox()?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'touch' }));
    expect(libraryAsked).toBe(false);
    chartBox()?.dispatchEvent(new PointerEvent('pointerover', { bubbles: true, pointerType: 'mouse' }));
    expect(libraryAsked).toBe(true);
  });
});
