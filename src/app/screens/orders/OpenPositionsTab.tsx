import { useTranslation } from '../../i18n/translation.tsx';
import { LiveMark } from '../../market/LiveMark.tsx';
import { newestPlacedFirst, useHoldList } from '../../market/useMarketData.ts';
import { VirtualOrderList } from '../../market/VirtualOrderList.tsx';

/**
 * Open positions, the one placed last on top: among a thousand open orders, the one just placed is in view, and
 * rows never move when one settles sooner. Only the rows in and near the viewport exist, they render once per
 * list change (an order placed or settled), and the countdown board writes their remaining times.
 */
export function OpenPositionsTab() {
  const { t } = useTranslation();
  const { items, live } = useHoldList(newestPlacedFirst);
  return (
    <>
      <LiveMark live={live} />
      {items === null ? <p className="muted">{t('app.loading')}</p> : null}
      {items?.length === 0 ? <p className="muted">{t('market.no_open')}</p> : null}
      {items && items.length > 0 ? (
        <VirtualOrderList orders={items} label={t('market.open_positions')} />
      ) : null}
    </>
  );
}
