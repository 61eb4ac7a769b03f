import { useAtomValue } from 'jotai';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductDetails } from '../../../contract/market.ts';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { useLang } from '../../hooks/useLang.ts';
import { intlLocale } from '../../i18n/languages.ts';
import { LiveMark } from '../../market/LiveMark.tsx';
import { useProductOrders, useProducts } from '../../market/useMarketData.ts';
import { formatChange, formatPrice, trendOf } from '../../market/marketFormat.ts';
import { VirtualOrderList } from '../../market/VirtualOrderList.tsx';
import { tokenAtom } from '../../state/session.ts';
import { ChartPanel } from './ChartPanel.tsx';
import { NoProduct } from './NoProduct.tsx';
import { orderMarksOf } from './orderMarks.ts';
import { TapePanel } from './TapePanel.tsx';
import { useProductDetails } from './useProductDetails.ts';
import { useProductId } from './useProductId.ts';
import { MarketClosedLabel } from '../../market/MarketClosedLabel.tsx';
import '../../market/market.css';

/** Product detail: chart with intervals and volume, the trade tape, my orders on it, Rise and Fall. */
export function ProductDetailScreen() {
  const token = useAtomValue(tokenAtom);
  const id = useProductId();
  if (!token) return <SignInPrompt />;
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
  const locale = intlLocale(useLang());
  const orders = useProductOrders(product.id);
  const marks = useMemo(() => orderMarksOf(orders.items, t, locale), [orders.items, t, locale]);
  return (
    <div className="stack xq">
      <Quote product={product} />
      <ChartPanel id={product.id} symbol={product.symbol} decimals={product.decimals} marks={marks} />
      <section className="panel live-panel" aria-labelledby="my-orders-title">
        <h2 id="my-orders-title">{t('market.my_orders')}</h2>
        <LiveMark live={orders.live} />
        {orders.items === null ? <p className="muted">{t('app.loading')}</p> : null}
        {orders.items?.length === 0 ? <p className="muted">{t('market.no_orders')}</p> : null}
        {orders.items && orders.items.length > 0 ? (
          <VirtualOrderList orders={orders.items} />
        ) : null}
      </section>
      <TapePanel id={product.id} decimals={product.decimals} />
      <div className="trade-bar">
        <Link to={`/trade?id=${product.id}&dir=rise`} className="button trade-bar__rise">
          {t('market.rise')}
        </Link>
        <Link to={`/trade?id=${product.id}&dir=fall`} className="button trade-bar__fall">
          {t('market.fall')}
        </Link>
      </div>
    </div>
  );
}

/**
 * The live price and change. Its own component because the product list it reads changes every few
 * seconds: only this header re-renders then, not the chart panel and my orders.
 */
function Quote({ product }: { readonly product: ProductDetails }) {
  const lang = useLang();
  const products = useProducts();
  const quote = products.items?.find((p) => p.id === product.id) ?? product;
  const trend = trendOf(quote.changePct);
  return (
    <header className="quote">
      <div>
        <h2 className="quote__symbol">{product.symbol}</h2>
        <p className="muted">{product.name}</p>
        <MarketClosedLabel product={quote} />
      </div>
      <div className="quote__figures">
        <span className={`quote__price trend-${trend}`}>{formatPrice(quote.price, product.decimals, lang)}</span>
        <span className={`change-pill change-pill--${trend}`}>{formatChange(quote.changePct, lang)}</span>
      </div>
    </header>
  );
}
