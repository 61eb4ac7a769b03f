import { useAtomValue } from '../../state/atomHooks.ts';
import { useDeferredValue, useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { useSearchParams } from '../../router/navigation.tsx';
import { PullToRefresh } from '../../components/PullToRefresh.tsx';
import { SignInPrompt } from '../../components/SignInPrompt.tsx';
import { Tabs, tabPanel } from '../../components/Tabs.tsx';
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
      <Tabs name="orders" label={t('market.record_tabs')} tabs={TABS} chosen={tab} onChoose={setTab} labelOf={(name) => t(name === 'open' ? 'market.open_positions' : 'market.history')} />
      {/* The worker asks its lists again; they arrive as diffs of the one order store, so no row is doubled. */}
      <PullToRefresh onRefresh={() => worker?.refresh()}>
        <section {...tabPanel('orders', shown, tab)} className="panel live-panel">
          {shown === 'open' ? <OpenPositionsTab /> : <HistoryTab />}
        </section>
      </PullToRefresh>
    </div>
  );
}
