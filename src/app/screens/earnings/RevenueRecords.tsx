import { useTranslation } from '../../i18n/translation.tsx';
import { chevronIcon } from '../../components/icons.tsx';
import { useEarnFormat } from '../../hooks/useEarnFormat.ts';
import type { Holding } from './types.ts';

/** One row per paid day: the UTC day it fell due, the principal it was paid on, and the profit. */
export function RevenueRecords({ holding }: { readonly holding: Holding }) {
  const { t } = useTranslation();
  const f = useEarnFormat();
  const count = holding.revenue.length;
  if (count === 0) return <p className="muted">{t('record.no_revenue')}</p>;
  return (
    <details className="revenue">
      <summary>
        <span>{t('record.revenue_count', { count })}</span>
        {chevronIcon}
      </summary>
      <table className="revenue__table">
        <thead>
          <tr>
            <th scope="col">{t('record.day')}</th>
            <th scope="col">{t('record.principal')}</th>
            <th scope="col">{t('record.profit')}</th>
          </tr>
        </thead>
        <tbody>
          {holding.revenue.map((r) => (
            <tr key={r.day}>
              <td>{r.day}</td>
              <td>{f.money(r.principal, holding.currency)}</td>
              <td>{f.money(r.profit, holding.currency)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
