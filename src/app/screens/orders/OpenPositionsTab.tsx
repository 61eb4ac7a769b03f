import { useTranslation } from 'react-i18next';
import { LiveMark } from '../../market/LiveMark.tsx';
import { useHoldList } from '../../market/useMarketData.ts';
import { VirtualOrderList } from '../../market/VirtualOrderList.tsx';

/**
 * Open positions. Only the rows in and near the viewport exist (a member can hold a thousand), they render
 * once per list change (an order placed or settled), and the countdown board writes their remaining times.
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
        <VirtualOrderList orders={items} label={t('market.open_positions')} />
      ) : null}
    </>
  );
}
