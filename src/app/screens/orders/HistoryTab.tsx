import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { formatInteger } from '../../format/index.ts';
import { useLang } from '../../hooks/useLang.ts';
import { LiveMark } from '../../market/LiveMark.tsx';
import { OrderRow } from '../../market/OrderRow.tsx';
import { useOrderHistory } from '../../market/useMarketData.ts';

const PAGE_SIZE = 20;

/** Settled orders, newest first, a page at a time (order/list). */
export function HistoryTab() {
  const { t } = useTranslation();
  const lang = useLang();
  const [page, setPage] = useState(1);
  const { items, total, live } = useOrderHistory({ page, size: PAGE_SIZE });
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <>
      <LiveMark live={live} />
      {items === null ? <p className="muted">{t('app.loading')}</p> : null}
      {items?.length === 0 ? <p className="muted">{t('market.no_history')}</p> : null}
      {items && items.length > 0 ? (
        <ul className="order-list" aria-label={t('market.history')}>
          {items.map((o) => (
            <OrderRow key={o.id} order={o} />
          ))}
        </ul>
      ) : null}
      <nav className="pager" aria-label={t('market.pages')}>
        <button type="button" className="button button--ghost" disabled={page <= 1} onClick={() => setPage((p) => p - 1)}>
          {t('market.prev')}
        </button>
        <span className="muted">{t('market.page', { page: formatInteger(page, lang), pages: formatInteger(pages, lang) })}</span>
        <button type="button" className="button button--ghost" disabled={page >= pages} onClick={() => setPage((p) => p + 1)}>
          {t('market.next')}
        </button>
      </nav>
    </>
  );
}
