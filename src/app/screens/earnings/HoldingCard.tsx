import { useId } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { useLang } from '../../hooks/useLang.ts';
import { formatDateTime } from '../../format/index.ts';
import { useEarnFormat } from '../../hooks/useEarnFormat.ts';
import { RevenueRecords } from './RevenueRecords.tsx';
import type { Holding } from './types.ts';

interface Props {
  readonly holding: Holding;
  readonly onRedeem: (holding: Holding) => void;
}

export function HoldingCard({ holding: h, onRedeem }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const f = useEarnFormat();
  const titleId = useId();
  const row = (label: string, value: string) => (
    <div>
      <dt>{t(label)}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <article className="card holding" aria-labelledby={titleId}>
      <div className="holding__head">
        <h3 id={titleId}>{h.name}</h3>
        <span className={`badge holding__status holding__status--${h.status}`}>{t(`record.status_${h.status}`)}</span>
      </div>
      <dl className="figures">
        {row('record.principal', f.money(h.principal, h.currency))}
        {row('record.earned', f.money(h.earned, h.currency))}
        {row('record.estimated', f.money(h.estimatedProfit, h.currency))}
        {row('earn.daily_rate', f.percent(h.dailyRate))}
        {row('earn.cycle', f.days(h.cycleDays))}
        {h.pledgeCurrency ? row('earn.pledge_currency', h.pledgeCurrency) : null}
        {row('record.started', formatDateTime(h.startedAt, lang))}
        {row('record.matures', formatDateTime(h.maturesAt, lang))}
        {h.endedAt !== null && h.status === 'redeemed' ? row('record.redeemed_at', formatDateTime(h.endedAt, lang)) : null}
      </dl>
      <RevenueRecords holding={h} />
      {h.redeemable ? (
        <button type="button" className="button button--ghost button--block" aria-label={t('record.redeem_named', { name: h.name })} onClick={() => onRedeem(h)}>
          {t('record.redeem')}
        </button>
      ) : null}
    </article>
  );
}
