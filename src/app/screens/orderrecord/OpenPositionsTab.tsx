import { useTranslation } from 'react-i18next';
import { LiveMark } from '../../market/LiveMark.tsx';
import { OrderRow } from '../../market/OrderRow.tsx';
import { useHoldList } from '../../market/useMarketData.ts';

/**
 * Open positions. The rows render once per list change (an order placed or settled); their countdowns are
 * written by the countdown board into visible rows only, and off-screen rows skip layout (content-visibility).
 */
export function OpenPositionsTab() {
  const { t } = useTranslation();
  const { items, live } = useHoldList();
  return (
    <>
      <LiveMark live={live} />
      {items === null ? <p className="muted">{t('app.loading')}</p> : null}
      {items?.length === 0 ? <p className="muted">{t('market.no_open')}</p> : null}
      {items && items.length > 0 ? (
        <ul className="order-list order-list--long" aria-label={t('market.open_positions')}>
          {items.map((o) => (
            <OrderRow key={o.id} order={o} />
          ))}
        </ul>
      ) : null}
    </>
  );
}
