import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadFailure } from '../../components/LoadFailure.tsx';
import { MemberScreen } from '../../money/MemberScreen.tsx';
import { ReviewList } from '../../money/ReviewList.tsx';
import { useMemberCall } from '../../money/useMemberCall.ts';
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
  const mine = useMemberCall('balance_list', (c) => c.call('user/balance_list').then((r) => r.data));
  const [done, setDone] = useState(0);
  const s = mine.state;
  return (
    <>
      <p className="muted">{t('refund.intro')}</p>
      <RefundForm
        key={done}
        onDone={() => {
          setDone((n) => n + 1);
          mine.reload();
        }}
      />
      {s?.status === 'ok' ? <ReviewList items={s.data.requests.filter((r) => r.kind === 'refund')} currency={s.data.currency} title={t('refund.mine')} /> : null}
      {s?.status === 'error' ? <LoadFailure failure={s.failure} onRetry={mine.reload} /> : null}
    </>
  );
}
