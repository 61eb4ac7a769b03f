import { useTranslation } from '../i18n/translation.tsx';
import type { ProductSummary } from '../../contract/market.ts';
import { formatWeekdayTime } from '../format/index.ts';
import { useLang } from '../hooks/useLang.ts';

type Props = { readonly product: Pick<ProductSummary, 'open' | 'nextOpen'>; readonly timeZone?: string };

/**
 * "Closed · opens Mon 09:30" in the member's own time zone and language, from the server's next opening time;
 * just "Closed" when the server does not say (the feed stopped within hours). Nothing while the market is open.
 */
export function MarketClosedLabel({ product, timeZone }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  if (product.open) return null;
  const when = product.nextOpen ?? null;
  return (
    <span className="market-closed">{when === null ? t('closed.closed') : t('closed.opens', { when: formatWeekdayTime(when, lang, timeZone) })}</span>
  );
}
