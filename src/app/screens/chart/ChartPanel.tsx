import { memo, useRef, useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import type { OrderMark } from '../../../charts/order-marks.ts';
import { INTERVAL_NAMES, type IntervalName } from '../../../contract/intervals.ts';
import { decimalMarkOf } from '../../format/numbers.ts';
import { useLang } from '../../hooks/useLang.ts';
import { intlLocale } from '../../i18n/languages.ts';
import { LiveMark } from '../../market/LiveMark.tsx';
import { useCandleChart } from '../../market/useCandleChart.ts';

interface Props {
  readonly id: number;
  readonly symbol: string;
  readonly decimals: number;
  readonly marks: readonly OrderMark[];
}

/** The candle chart with volume and interval buttons; my open orders are drawn on it. */
export const ChartPanel = memo(function ChartPanel({ id, symbol, decimals, marks }: Props) {
  const { t } = useTranslation();
  const lang = useLang();
  const locale = intlLocale(lang);
  const [interval, setChartInterval] = useState<IntervalName>('1m');
  const box = useRef<HTMLDivElement | null>(null);
  const { live, loading, failed } = useCandleChart(box, { id, interval, decimals, locale, decimalMark: decimalMarkOf(lang), marks });
  return (
    <section className="panel live-panel chart-panel" aria-label={t('market.chart', { symbol })}>
      <div className="intervals" role="group" aria-label={t('market.intervals')}>
        {INTERVAL_NAMES.map((name) => (
          <button key={name} type="button" className="intervals__item" aria-pressed={name === interval} onClick={() => setChartInterval(name)}>
            {t(`market.interval_${name}`)}
          </button>
        ))}
      </div>
      <LiveMark live={live} />
      <div ref={box} className={loading ? 'chart-box chart-box--loading' : 'chart-box'} aria-busy={loading} />
      {failed ? (
        <div className="chart-failed" role="alert">
          <p>{t('market.chart_failed')}</p>
          {/* A module that failed to load stays failed in this page: a reload fetches it afresh. */}
          <button type="button" className="button" onClick={() => window.location.reload()}>
            {t('app.reload')}
          </button>
        </div>
      ) : null}
    </section>
  );
});
