import { memo } from 'react';
import { useLink } from '../router/navigation.tsx';
import type { ProductSummary } from '../../contract/market.ts';
import { useLang } from '../hooks/useLang.ts';
import { DemoMark } from './DemoMark.tsx';
import { formatChange, formatPrice, trendOf } from '../format/index.ts';
import { MarketClosedLabel } from './MarketClosedLabel.tsx';

/** One product with its live price and change; tapping it opens the chart. */
export const ProductRow = memo(function ProductRow({ product }: { readonly product: ProductSummary }) {
  const lang = useLang();
  // The anchor drawn here, not through <Link>: a row renders on every tick of its price, and that is one component less.
  const link = useLink({ to: `/xq?id=${product.id}` });
  const trend = trendOf(product.changePct);
  return (
    <li className="product-row" data-product-id={product.id}>
      <a href={link.href} onClick={link.onClick} className="product-row__link">
        <span className="product-row__names">
          <span className="product-row__symbol">{product.symbol}</span>
          <span className="product-row__name muted">{product.name}</span>
          {/* A line of its own: the name may be cut at 320 px, the market state never. Each mounts only when it
              shows something: a row renders on every tick of its price, and a component that returns nothing
              still runs. */}
          {product.open ? null : <MarketClosedLabel product={product} />}
          {product.replay === true ? <DemoMark product={product} /> : null}
        </span>
        <span className={`product-row__price trend-${trend}`}>{formatPrice(product.price, product.decimals, lang)}</span>
        <span className={`change-pill change-pill--${trend}`}>{formatChange(product.changePct, lang)}</span>
      </a>
    </li>
  );
});
