import { useSetAtom } from 'jotai';
import { useAtomValue } from '../state/atomHooks.ts';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/translation.tsx';
import { Link } from '../router/navigation.tsx';
import type { ResultsMessage } from '../../workers/api.ts';
import { refreshBalancesAtom } from '../balances/balancesState.ts';
import { formatPriceAsWritten, formatSignedMoney } from '../format/index.ts';
import { useLang } from '../hooks/useLang.ts';
import type { MarketWorker } from '../market/marketWorker.ts';
import { useMarketWorker } from '../market/useMarketWorker.ts';
import { useSubscription } from '../market/useSubscription.ts';
import { tokenAtom } from '../state/session.ts';
import { addResults, type ResultSummary } from './resultSummary.ts';
import './results.css';

/** How long a result stays up; a new result restarts it. */
export const RESULT_TOAST_MS = 8_000;
const VIBRATE_MS = 80;

/**
 * The member's results wherever they are (mounted once, in the app layout): the worker says when orders
 * settle, from its one order store; the toast says won or lost, the amount, the prices and links to the
 * orders, buzzes where the phone can, and a polite live region reads it out. Results arriving while it shows
 * collapse into it. Each one also refreshes the balances.
 */
export function ResultToast() {
  const worker = useMarketWorker();
  const token = useAtomValue(tokenAtom);
  // A visitor has no orders; watching would poll the member-only hold list. A new login watches afresh.
  return <ResultToastFor key={token ?? ''} worker={token ? worker : null} />;
}

/** The toast fed by a given worker (null: signed out, nothing to watch); tests pass a stand-in. */
export function ResultToastFor({ worker }: { readonly worker: MarketWorker | null }) {
  const { t } = useTranslation();
  const lang = useLang();
  const refreshBalances = useSetAtom(refreshBalancesAtom);
  const [summary, setSummary] = useState<ResultSummary | null>(null);

  const onResults = useCallback(
    (message: ResultsMessage) => {
      setSummary((shown) => addResults(shown, message));
      refreshBalances();
      if ('vibrate' in navigator) navigator.vibrate(VIBRATE_MS);
    },
    [refreshBalances],
  );
  useSubscription<ResultsMessage>(worker, worker ? 'results' : null, (w, cb) => w.watchResults(cb), onResults);

  useEffect(() => {
    if (summary === null) return;
    const timer = setTimeout(() => setSummary(null), RESULT_TOAST_MS);
    return () => clearTimeout(timer);
  }, [summary]);

  const net = summary === null ? '' : formatSignedMoney(summary.net, lang);
  const only = summary?.profits.size === 1 ? summary.newest : undefined;
  const outcome = only?.status === 'won' ? 'won' : only?.status === 'lost' ? 'lost' : 'draw';
  return (
    // Not role=status: the success toast holds that role; this is its own polite, atomic live region.
    <section className="result-region" aria-live="polite" aria-atomic="true" aria-label={t('results.region')}>
      {summary === null ? null : (
        <div key={summary.id} className={`result-toast result-toast--${only ? outcome : 'many'}`} data-net={summary.net}>
          <p className="result-toast__title">
            {only ? t(`results.${outcome}`, { amount: net }) : t('results.many', { count: summary.profits.size, amount: net })}
          </p>
          {only ? (
            <p className="result-toast__detail">
              {t('results.detail', {
                symbol: only.symbol,
                direction: t(`market.${only.direction}`),
                open: formatPriceAsWritten(only.openPrice, lang),
                settle: formatPriceAsWritten(only.settlePrice ?? only.openPrice, lang),
              })}
            </p>
          ) : null}
          <div className="result-toast__actions">
            <Link className="button button--ghost" to="/orderrecord?tab=history" onClick={() => setSummary(null)}>
              {only ? t('results.view_one') : t('results.view_many')}
            </Link>
            <button type="button" className="button button--ghost" onClick={() => setSummary(null)}>
              {t('results.dismiss')}
            </button>
          </div>
        </div>
      )}
    </section>
  );
}
