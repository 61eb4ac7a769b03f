import { useAtomValue } from 'jotai';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from '../../router/navigation.tsx';
import { PullToRefresh } from '../../components/PullToRefresh.tsx';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { useMarketWorker } from '../../market/useMarketWorker.ts';
import { tokenAtom } from '../../state/session.ts';
import { HistoryTab } from './HistoryTab.tsx';
import { OpenPositionsTab } from './OpenPositionsTab.tsx';
import '../../market/market.css';

type Tab = 'open' | 'history';
const TABS: readonly Tab[] = ['open', 'history'];

/** My orders: open positions with live countdowns, and the settled history. */
export function OrderRecordScreen() {
  const token = useAtomValue(tokenAtom);
  return token ? <OrderRecords /> : <SignInPrompt />;
}

function OrderRecords() {
  const { t } = useTranslation();
  // The result toast links to the history (?tab=history).
  const [params] = useSearchParams();
  const [tab, setTab] = useState<Tab>(params.get('tab') === 'history' ? 'history' : 'open');
  // The tab button answers the tap at once; the panel (a long list) follows as a deferred render.
  const shown = useDeferredValue(tab);
  const worker = useMarketWorker();
  return (
    <div className="stack">
      <div className="segmented" role="tablist" aria-label={t('market.record_tabs')}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`orders-tab-${name}`}
            aria-selected={name === tab}
            aria-controls="orders-panel"
            className="segmented__item"
            onClick={() => setTab(name)}
          >
            {t(name === 'open' ? 'market.open_positions' : 'market.history')}
          </button>
        ))}
      </div>
      {/* The worker asks its lists again; they arrive as diffs of the one order store, so no row is doubled. */}
      <PullToRefresh onRefresh={() => worker?.refresh()}>
        <section id="orders-panel" role="tabpanel" aria-labelledby={`orders-tab-${shown}`} className="panel live-panel" aria-busy={shown !== tab}>
          {shown === 'open' ? <OpenPositionsTab /> : <HistoryTab />}
        </section>
      </PullToRefresh>
    </div>
  );
}
