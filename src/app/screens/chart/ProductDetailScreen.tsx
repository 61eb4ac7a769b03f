import { useAtomValue } from '../../state/atomHooks.ts';
import { memo, useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { ProductDetails } from '../../../contract/market.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { Sheet } from '../../components/Sheet.tsx';
import { useLang } from '../../hooks/useLang.ts';
import { DemoMark } from '../../market/DemoMark.tsx';
import { LiveMark } from '../../market/LiveMark.tsx';
import { useProductOrders } from '../../market/useMarketData.ts';
import { useLiveQuote } from '../../market/useLiveQuote.ts';
import { formatChange, formatPrice, trendOf } from '../../format/index.ts';
import { VirtualOrderList } from '../../market/VirtualOrderList.tsx';
import { whenPageSettles } from '../../pwa/whenPageSettles.ts';
import { tokenAtom } from '../../state/session.ts';
import { useTicketParams } from '../trade/useTicketParams.ts';
import { ChartPanel } from './ChartPanel.tsx';
import { LoadedTicket, loadTicket } from './LoadedTicket.tsx';
import { NoProduct } from './NoProduct.tsx';
import { OpenOrderStrip } from './OpenOrderStrip.tsx';
import { orderMarksOf } from './orderMarks.ts';
import { TapePanel } from './TapePanel.tsx';
import { TradeBar } from './TradeBar.tsx';
import { useProductDetails } from './useProductDetails.ts';
import { useProductId } from './useProductId.ts';
import { MarketClosedLabel } from '../../market/MarketClosedLabel.tsx';
import '../../market/market.css';

const TICKET_AFTER_SETTLED_MS = 4000;

/**
 * Product detail: chart with intervals and volume, the trade tape, my orders on it, and a bar with Rise and
 * Fall always in view; they open the order sheet. A visitor sees all of it but my orders (placing one asks
 * for a login that comes back here with the sheet open).
 */
export function ProductDetailScreen() {
  const id = useProductId();
  if (id === null) return <NoProduct />;
  return <ProductDetail id={id} />;
}

function ProductDetail({ id }: { readonly id: number }) {
  const { t } = useTranslation();
  const { state, reload } = useProductDetails(id);
  if (state?.status === 'error') return <LoadFailure failure={state.failure} onRetry={reload} />;
  if (state?.status !== 'ok') return <p className="muted">{t('app.loading')}</p>;
  return <Loaded product={state.data} />;
}

function Loaded({ product }: { readonly product: ProductDetails }) {
  const { t } = useTranslation();
  const member = useAtomValue(tokenAtom) !== null;
  const orders = useProductOrders(product.id);
  const marks = useMemo(() => orderMarksOf(orders.items), [orders.items]);
  const ticket = useTicketParams(product, 'sheet');
  const [busy, setBusy] = useState(false);
  const dock = useDockPadding();
  useEffect(() => {
    let gone = false;
    void whenPageSettles()
      .then(() => new Promise((resolve) => setTimeout(resolve, TICKET_AFTER_SETTLED_MS)))
      .then(() => whenPageSettles())
      .then(() => (gone ? undefined : loadTicket(true)))
      // A prefetch that failed is asked again when the sheet opens.
      .catch(() => undefined);
    return () => {
      gone = true;
    };
  }, []);
  return (
    <div className="stack xq">
      <Quote product={product} />
      <ChartPanel id={product.id} symbol={product.symbol} decimals={product.decimals} marks={marks} />
      {member ? (
        <section className="panel live-panel" aria-labelledby="my-orders-title">
          <h2 id="my-orders-title">{t('market.my_orders')}</h2>
          <LiveMark live={orders.live} />
          {orders.items === null ? <p className="muted">{t('app.loading')}</p> : null}
          {orders.items?.length === 0 ? <p className="muted">{t('market.no_orders')}</p> : null}
          {orders.items && orders.items.length > 0 ? <VirtualOrderList orders={orders.items} /> : null}
        </section>
      ) : null}
      <TapePanel id={product.id} decimals={product.decimals} />
      <div className="trade-dock" ref={dock}>
        <OpenOrderStrip product={product} orders={orders.items} />
        <TradeBar product={product} onTrade={ticket.setDirection} onIntent={() => void loadTicket().catch(() => undefined)} />
      </div>
      {ticket.direction ? (
        <Sheet
          title={t('tradeSheet.title', { symbol: product.symbol, direction: t(`market.${ticket.direction}`) })}
          onClose={() => ticket.setDirection(null)}
          busy={busy}
        >
          <LoadedTicket
            product={product}
            direction={ticket.direction}
            cycle={ticket.cycle}
            onDirection={ticket.setDirection}
            onCycle={ticket.setCycle}
            onBusy={setBusy}
            onPlaced={() => ticket.setDirection(null)}
          />
        </Sheet>
      ) : null}
    </div>
  );
}

/**
 * The fixed dock's height as the page's bottom padding, so its last panel scrolls clear of the dock (the strip comes
 * and goes). Written to the page's node, not kept in state: a change of the dock re-renders nothing. Written in the
 * next frame, not in the observer's callback: the page growing there can move a scrollbar, and so the dock again.
 */
function useDockPadding() {
  return useCallback((dock: HTMLDivElement | null) => {
    const page = dock?.parentElement;
    if (!dock || !page) return;
    let frame = 0;
    const observer = new ResizeObserver(() => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => page.style.setProperty('padding-bottom', `${dock.offsetHeight}px`));
    });
    observer.observe(dock, { box: 'border-box' });
    return () => {
      cancelAnimationFrame(frame);
      observer.disconnect();
    };
  }, []);
}

/**
 * The live price and change. Its own component because the price moves every second: only this header
 * re-renders then, not the chart panel and my orders.
 */
const Quote = memo(function Quote({ product }: { readonly product: ProductDetails }) {
  const lang = useLang();
  const quote = useLiveQuote(product);
  const trend = trendOf(quote.changePct);
  return (
    <header className="quote">
      <div>
        <h2 className="quote__symbol">{product.symbol}</h2>
        <p className="muted">{product.name}</p>
        {quote.open ? null : <MarketClosedLabel product={quote} />}
        {product.replay === true ? <DemoMark product={product} /> : null}
      </div>
      <div className="quote__figures">
        <span className={`quote__price trend-${trend}`}>{formatPrice(quote.price, product.decimals, lang)}</span>
        <span className={`change-pill change-pill--${trend}`}>{formatChange(quote.changePct, lang)}</span>
      </div>
    </header>
  );
});
