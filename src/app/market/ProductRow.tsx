import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router-dom';
import type { ProductSummary } from '../../contract/market.ts';
import { useLang } from '../hooks/useLang.ts';
import { formatChange, formatPrice, trendOf } from './marketFormat.ts';

/** One product with its live price and change; tapping it opens the chart. */
export const ProductRow = memo(function ProductRow({ product }: { readonly product: ProductSummary }) {
  const { t } = useTranslation();
  const lang = useLang();
  const trend = trendOf(product.changePct);
  return (
    <li className="product-row">
      <Link to={`/xq?id=${product.id}`} className="product-row__link">
        <span className="product-row__names">
          <span className="product-row__symbol">
            {product.symbol}
            {/* A badge of its own: the name may be cut at 320 px, the market state never. */}
            {product.open ? null : <span className="product-row__closed">{t('market.closed')}</span>}
          </span>
          <span className="product-row__name muted">{product.name}</span>
        </span>
        <span className={`product-row__price trend-${trend}`}>{formatPrice(product.price, product.decimals, lang)}</span>
        <span className={`change-pill change-pill--${trend}`}>{formatChange(product.changePct, lang)}</span>
      </Link>
    </li>
  );
});
