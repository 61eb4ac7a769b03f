import { useRef } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { ProductSummary } from '../../../contract/market.ts';
import { LiveMark } from '../../market/LiveMark.tsx';
import { ProductRow } from '../../market/ProductRow.tsx';
import { useProducts } from '../../market/useMarketData.ts';
import { useRowsInView } from '../../market/useRowsInView.ts';
import '../../market/market.css';

const TOP = 5;
const magnitude = (p: ProductSummary): number => Math.abs(Number(p.changePct)) || 0;

/** The live top movers: the products with the largest |change %| (decisions.md: product/list). Visitors see them too. */
export function TopMoversSlot() {
  const { t } = useTranslation();
  const { items, live } = useProducts();
  const top = items ? [...items].sort((a, b) => magnitude(b) - magnitude(a) || a.id - b.id).slice(0, TOP) : null;
  const list = useRef<HTMLUListElement>(null);
  useRowsInView('top-movers', list, top?.map((p) => p.id) ?? []);
  return (
    <section className="panel live-panel" aria-labelledby="top-movers-title">
      <h2 id="top-movers-title">{t('market.top_movers')}</h2>
      <LiveMark live={live} />
      {top === null ? <p className="muted">{t('app.loading')}</p> : null}
      {top !== null ? (
        <ul className="product-list" ref={list}>
          {top.map((p) => (
            <ProductRow key={p.id} product={p} />
          ))}
        </ul>
      ) : null}
    </section>
  );
}
