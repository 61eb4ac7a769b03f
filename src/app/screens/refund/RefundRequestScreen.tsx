import { useState } from 'react';
import { useTranslation } from '../../i18n/translation.tsx';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { ReviewList } from '../../money/ReviewList.tsx';
import { useBalances } from '../../balances/useBalances.ts';
import { RefundForm } from './RefundForm.tsx';

export function RefundRequestScreen() {
  return (
    <MemberScreen>
      <RefundRequests />
    </MemberScreen>
  );
}

function RefundRequests() {
  const { t } = useTranslation();
  // My requests come with the balances: the one store, which a request sent refreshes by itself.
  const mine = useBalances();
  const [done, setDone] = useState(0);
  const s = mine.state;
  return (
    <>
      <p className="muted">{t('refund.intro')}</p>
      <RefundForm
        key={done}
        onDone={() => setDone((n) => n + 1)}
      />
      {s?.status === 'ok' ? <ReviewList items={s.data.requests.filter((r) => r.kind === 'refund')} currency={s.data.currency} title={t('refund.mine')} /> : null}
      {s?.status === 'error' ? <LoadFailure failure={s.failure} onRetry={mine.refresh} /> : null}
    </>
  );
}
