import { useTranslation } from '../../i18n/translation.tsx';
import type { EarnProduct } from './types.ts';
import { useEarnFormat } from '../../hooks/useEarnFormat.ts';

/** The terms a member decides on: daily rate, cycle, single minimum (and maximum), and a pledge's currency. */
export function Terms({ product, withMaximum = false }: { readonly product: EarnProduct; readonly withMaximum?: boolean }) {
  const { t } = useTranslation();
  const f = useEarnFormat();
  return (
    <dl className="figures">
      <div>
        <dt>{t('earn.daily_rate')}</dt>
        <dd>{f.percent(product.dailyRate)}</dd>
      </div>
      <div>
        <dt>{t('earn.cycle')}</dt>
        <dd>{f.days(product.cycleDays)}</dd>
      </div>
      <div>
        <dt>{t('earn.minimum')}</dt>
        <dd>{f.money(product.minAmount, product.currency)}</dd>
      </div>
      {withMaximum ? (
        <div>
          <dt>{t('earn.maximum')}</dt>
          <dd>{f.money(product.maxAmount, product.currency)}</dd>
        </div>
      ) : null}
      {product.pledgeCurrency ? (
        <div>
          <dt>{t('earn.pledge_currency')}</dt>
          <dd>{product.pledgeCurrency}</dd>
        </div>
      ) : null}
    </dl>
  );
}
