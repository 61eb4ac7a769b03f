import { useTranslation } from '../../i18n/translation.tsx';
import { estimateEarnings } from '../../../shared/earnings.ts';
import type { EarnProduct } from './types.ts';
import { useEarnFormat } from '../../hooks/useEarnFormat.ts';

/**
 * The estimate before buying, from the very function the server accrues with (src/shared/earnings.ts), so the
 * figure shown is the figure paid: each day's profit rounded down to the cent, times the cycle.
 */
export function Estimate({ product, amount }: { readonly product: EarnProduct; readonly amount: string }) {
  const { t } = useTranslation();
  const f = useEarnFormat();
  const estimate = estimateEarnings({ amount: amount.trim(), dailyRate: product.dailyRate, cycleDays: product.cycleDays });
  return (
    <section className="estimate" aria-live="polite" aria-label={t('earn.estimate')}>
      <h3>{t('earn.estimate')}</h3>
      {estimate ? (
        <dl className="figures">
          <div>
            <dt>{t('earn.daily_profit')}</dt>
            <dd>{f.money(estimate.dailyProfit, product.currency)}</dd>
          </div>
          <div>
            <dt>{t('earn.total_profit', { count: product.cycleDays })}</dt>
            <dd>{f.money(estimate.totalProfit, product.currency)}</dd>
          </div>
          <div>
            <dt>{t('earn.at_maturity')}</dt>
            <dd>{f.money(estimate.atMaturity, product.currency)}</dd>
          </div>
        </dl>
      ) : (
        <p className="muted">{t('earn.estimate_empty')}</p>
      )}
    </section>
  );
}
