import { useCallback, useDeferredValue, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { Category } from '../../../contract/market.ts';
import { Tabs, tabPanel } from '../../components/Tabs.tsx';
import { LiveMark } from '../../market/LiveMark.tsx';
import { ProductRow } from '../../market/ProductRow.tsx';
import { useProducts } from '../../market/useMarketData.ts';
import { useRowsInView } from '../../market/useRowsInView.ts';
import '../../market/market.css';

const CATEGORIES: readonly Category[] = ['stocks', 'forex', 'crypto', 'metals'];

/** Market: products by category with live price and change; a product opens its chart. Open to visitors. */
export function MarketScreen() {
  const { t } = useTranslation();
  const [category, setCategory] = useState<Category>('crypto');
  // A tap paints the chosen tab in the next frame; the other category's rows mount after it, in a render React
  // may interrupt, so a slow phone's tap never waits for the list (INP on /hq).
  const listed = useDeferredValue(category);
  const { items, live } = useProducts();
  const shown = items?.filter((p) => p.category === listed) ?? null;
  const list = useRef<HTMLUListElement>(null);
  // The same function from tick to tick, so the tabs (memoised) do not render with every price.
  const labelOf = useCallback((c: Category) => t(`market.${c}`), [t]);
  useRowsInView('hq', list, shown?.map((p) => p.id) ?? []);
  return (
    <div className="stack">
      <Tabs name="hq" label={t('market.categories')} tabs={CATEGORIES} chosen={category} onChoose={setCategory} labelOf={labelOf} />
      <section {...tabPanel('hq', listed, category)} className="panel live-panel">
        <LiveMark live={live} />
        {shown === null ? <p className="muted">{t('app.loading')}</p> : null}
        {shown !== null && shown.length === 0 ? <p className="muted">{t('market.empty')}</p> : null}
        {shown !== null && shown.length > 0 ? (
          <ul className="product-list" ref={list}>
            {shown.map((p) => (
              <ProductRow key={p.id} product={p} />
            ))}
          </ul>
        ) : null}
      </section>
    </div>
  );
}
