import { memo, type CSSProperties } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { useLang } from '../../hooks/useLang.ts';
import { formatClock, formatDecimal, formatPrice } from '../../format/index.ts';
import { LiveMark } from '../../market/LiveMark.tsx';
import { TAPE_ROWS, useTape } from '../../market/useTape.ts';
import type { TapeTrade } from '../../../workers/api.ts';
import type { Lang } from '../../../contract/primitives.ts';

interface RowProps {
  readonly trade: TapeTrade;
  readonly decimals: number;
  readonly lang: Lang;
}

/** One trade: rendered once; newer trades only push it down (each new batch renders its own rows alone). */
const TapeTradeRow = memo(function TapeTradeRow({ trade: [time, price, quantity, side], decimals, lang }: RowProps) {
  return (
    // The trade's own time (the server's), so a check from outside can tell which trades the tape got.
    <tr data-time={time}>
      <td>{formatClock(time, lang)}</td>
      <td className={side === 'rise' ? 'trend-up' : 'trend-down'}>{formatPrice(price, decimals, lang)}</td>
      <td>{formatDecimal(quantity, lang)}</td>
    </tr>
  );
});

/** The trade tape (turnover): 24 h figures and the latest trades. */
export const TapePanel = memo(function TapePanel({ id, decimals }: { readonly id: number; readonly decimals: number }) {
  const { t } = useTranslation();
  const lang = useLang();
  const { trades, stats, live } = useTape(id);
  return (
    <section className="panel live-panel" aria-labelledby="tape-title">
      <h2 id="tape-title">{t('market.tape')}</h2>
      <LiveMark live={live} />
      {stats ? (
        <dl className="stats">
          <div>
            <dt>{t('market.high24h')}</dt>
            <dd>{formatPrice(stats.high24h, decimals, lang)}</dd>
          </div>
          <div>
            <dt>{t('market.low24h')}</dt>
            <dd>{formatPrice(stats.low24h, decimals, lang)}</dd>
          </div>
          <div>
            <dt>{t('market.volume24h')}</dt>
            <dd>{formatDecimal(stats.volume24h, lang)}</dd>
          </div>
          <div>
            <dt>{t('market.amount24h')}</dt>
            <dd>{formatDecimal(stats.amount24h, lang, 2, 2)}</dd>
          </div>
        </dl>
      ) : null}
      {trades.length === 0 ? (
        <p className="muted">{stats ? t('market.tape_empty') : t('app.loading')}</p>
      ) : (
        <div className="tape-slot">
          {/* A full tape has a fixed height, so a batch of trades re-lays out only the tape, not the page. */}
          <div className="tape-frame" data-full={trades.length >= TAPE_ROWS || undefined} style={{ '--tape-rows': TAPE_ROWS + 1 } as CSSProperties}>
            <table className="tape">
              <thead>
                <tr>
                  <th scope="col">{t('market.time')}</th>
                  <th scope="col">{t('market.price')}</th>
                  <th scope="col">{t('market.quantity')}</th>
                </tr>
              </thead>
              <tbody>
                {trades.map((row) => (
                  <TapeTradeRow key={row.seq} trade={row.trade} decimals={decimals} lang={lang} />
                ))}
              </tbody>
            </table>
          </div>
        </div>
      )}
    </section>
  );
});
