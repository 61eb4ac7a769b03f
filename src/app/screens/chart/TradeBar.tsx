import { useId } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { Direction, ProductDetails } from '../../../contract/market.ts';
import { useLang } from '../../hooks/useLang.ts';
import { formatChange, formatPrice, trendOf } from '../../format/index.ts';
import { useLiveQuote } from '../../market/useLiveQuote.ts';
import { ClosedReason } from '../trade/ClosedReason.tsx';

interface Props {
  readonly product: ProductDetails;
  readonly onTrade: (direction: Direction) => void;
  /** A finger or the focus is on Rise or Fall: the sheet's code can start loading before the tap ends. */
  readonly onIntent?: () => void;
}

/**
 * The sticky bar of /xq: the live price and its change, Rise and Fall (each opens the order sheet). On a
 * closed market both are off and the reason is shown beside them.
 */
export function TradeBar({ product, onTrade, onIntent }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const live = useLiveQuote(product);
  const trend = trendOf(live.changePct);
  const reasonId = useId();
  const closed = !live.open;
  const described = closed ? reasonId : undefined;
  return (
    <div className="trade-bar" role="group" aria-label={t('tradeSheet.bar', { symbol: product.symbol })}>
      <p className="trade-bar__quote">
        <span className={`trade-bar__price trend-${trend}`}>{formatPrice(live.price, product.decimals, lang)}</span>
        <span className={`change-pill change-pill--${trend}`}>{formatChange(live.changePct, lang)}</span>
      </p>
      {closed ? <ClosedReason product={live} id={reasonId} /> : null}
      <div className="trade-bar__buttons">
        <button type="button" className="button trade-bar__rise" disabled={closed} aria-describedby={described} onPointerDown={onIntent} onFocus={onIntent} onClick={() => onTrade('rise')}>
          {t('market.rise')}
        </button>
        <button type="button" className="button trade-bar__fall" disabled={closed} aria-describedby={described} onPointerDown={onIntent} onFocus={onIntent} onClick={() => onTrade('fall')}>
          {t('market.fall')}
        </button>
      </div>
    </div>
  );
}
