import { useTranslation } from '../../i18n/translation.tsx';
import type { ProductSummary } from '../../../contract/market.ts';
import { MarketClosedLabel } from '../../market/MarketClosedLabel.tsx';

type Props = { readonly product: Pick<ProductSummary, 'open' | 'nextOpen'>; readonly id?: string };

/** Why Rise and Fall are off, right next to them while the market is closed: when it opens, then what that means. */
export function ClosedReason({ product, id }: Props) {
  const { t } = useTranslation();
  return (
    <p id={id} className="closed-reason">
      <MarketClosedLabel product={product} /> {t('tradeSheet.closed')}
    </p>
  );
}
