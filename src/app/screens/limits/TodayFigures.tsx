import { useTranslation } from '../../i18n/translation.tsx';
import type { LimitsView } from '../../../contract/limits.ts';
import { formatClock, formatSignedMoney, trendOf } from '../../format/index.ts';
import { useLang } from '../../hooks/useLang.ts';

interface Props {
  readonly view: LimitsView;
  readonly money: (amount: string) => string;
}

/** The member's day so far: what the turnover and loss limits count, the settled result and the open stakes. */
export function TodayFigures({ view, money }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const { today } = view;
  const of = (used: string, limit: string | null) => (limit === null ? money(used) : t('limits.of_limit', { used: money(used), limit: money(limit) }));
  return (
    <section className="card" aria-labelledby="limits-today">
      <h2 id="limits-today">{t('limits.today_title')}</h2>
      <dl className="figures">
        <div>
          <dt>{t('limits.today_turnover')}</dt>
          <dd>{of(today.turnover, view.turnoverLimit.value)}</dd>
        </div>
        <div>
          <dt>{t('limits.today_loss')}</dt>
          <dd>{of(today.loss.startsWith('-') ? '0.00' : today.loss, view.lossLimit.value)}</dd>
        </div>
        <div>
          <dt>{t('limits.today_net')}</dt>
          <dd className={`trend-${trendOf(today.net)}`}>{formatSignedMoney(today.net, lang)}</dd>
        </div>
        <div>
          <dt>{t('limits.today_open')}</dt>
          <dd>{money(today.open)}</dd>
        </div>
      </dl>
      <p className="muted">{today.firstTradeAt === null ? t('limits.no_trades') : t('limits.trading_since', { time: formatClock(today.firstTradeAt, lang) })}</p>
    </section>
  );
}
